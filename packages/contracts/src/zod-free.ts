/**
 * `@mall/contracts/constants`: the contracts' values that need no zod (sites, limits, allowed
 * values of the enums, error codes, ID number and tracking number checks). Pages import runtime
 * values from here, so zod and the schemas (~25 KB gzip) stay off their first load; forms load
 * the schemas they validate with when needed (apps/web/src/shared/zodForm.ts). zod-free.test.ts
 * keeps it zod-free.
 */
export * from './sites.js';
export * from './constants.js';
export * from './errors.js';
export * from './id-numbers.js';
export * from './tracking-rules.js';
export * from './read-paths.js';
