export * from './identity.js';
export * from './catalog.js';
export * from './cart.js';
export * from './merchant.js';
export * from './address.js';
export * from './checkout.js';
export * from './payment.js';
export * from './cards.js';
