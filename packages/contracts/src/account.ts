/** The shop's own identity provider name: the `{provider}` path segment of SPEC §7 account calls (`/auth/mall/...`). */
export const IDENTITY_PROVIDER = 'mall';
