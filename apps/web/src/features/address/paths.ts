/**
 * The saved addresses' read. Its own module: app/early.ts starts it while a checkout opened from
 * the cart boots, and importing it from api.ts put the address hooks into every page's first load.
 */
export const ADDRESS_LIST_PATH = '/sapi/mall-customer/shipping-address/queryShippingAddressListFlow';
