/** /buyer/comment?orderId&orderLineIds (the order side's links, SPEC §2) is the review form. */
import { Navigate, useLocation } from 'react-router';

export function CommentRedirect() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: '/buyer/comment-add', search }} replace />;
}
