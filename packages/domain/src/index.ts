export * from './money.js';
export * from './quantity.js';
export * from './greeting.js';
export * from './shipping.js';
export * from './pricing.js';
export * from './order-state.js';
