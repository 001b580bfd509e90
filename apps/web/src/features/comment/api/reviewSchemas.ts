import { lazySchemas } from '../../../shared/zodForm';

/** The server's review schema (and zod), fetched on the buyer's first interaction with a review form. */
export const reviewSchemas = lazySchemas(() => import('../formSchemas'));
