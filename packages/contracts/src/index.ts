export * from './sites.js';
export * from './constants.js';
export * from './errors.js';
export * from './schemas.js';
export * from './address.js';
export * from './checkout.js';
export * from './payment.js';
export * from './card.js';
