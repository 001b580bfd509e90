/** Loading, error and not-logged-in states of the after-sales pages (the shared ones with the after-sales test ids). */
import { CardsSkeleton as Cards, PageSkeleton as Page } from '../../../shared/States';

export { LoadError } from '../../../shared/States';
export const CardsSkeleton = ({ count }: { count?: number }) => <Cards count={count} testId="as-loading" />;
export const PageSkeleton = () => <Page testId="as-loading" />;
