export * from './money.js';
export * from './quantity.js';
export * from './greeting.js';
