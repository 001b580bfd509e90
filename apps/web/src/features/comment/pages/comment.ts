/**
 * The buyer's review screens, loaded lazily as one chunk (app/router.tsx): the list with its
 * 'to review' and 'reviewed' tabs, the review form, a review's detail and the follow-up form.
 */
export { CommentsPage } from './CommentsPage';
export { CommentAddPage } from './CommentAddPage';
export { CommentDetailPage } from './CommentDetailPage';
export { CommentPlusPage } from './CommentPlusPage';
export { CommentRedirect } from './CommentRedirect';
