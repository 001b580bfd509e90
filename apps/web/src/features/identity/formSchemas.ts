/** The schemas the login and sign-up forms validate with, loaded on first need (AuthPages). */
export { LoginBody, SignupBody } from '@mall/contracts';
