/** The account fields' schemas (the server's own), loaded on the buyer's first interaction with a form (api/schemas.ts). */
export { Birthday, Email, InvitationCode, Mobile, MobilePrefix, Password, VerificationCode } from '@mall/contracts';
