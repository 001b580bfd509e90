import { lazySchemas } from '../../../shared/zodForm';

/** The server's account field schemas (and zod), fetched on the buyer's first interaction with a form. */
export const accountSchemas = lazySchemas(() => import('../formSchemas'));
