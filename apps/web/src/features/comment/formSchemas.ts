/** The schema reviews are checked with before sending, loaded on first need (CommentAddPage, CommentPlusPage). */
export { CreateReviewsBody } from '@mall/contracts';
