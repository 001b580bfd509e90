/** The schema the after-sales application validates with, loaded on first need (ApplyPage). */
export { ApplyRequest } from '@mall/contracts';
