/** The schema the guest order lookup form validates with, loaded on first need (GuestLookupPage). */
export { GuestLookupBody } from '@mall/contracts';
