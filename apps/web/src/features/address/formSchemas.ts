/** The address schema the address forms validate with, loaded once address fields are on screen (AddressForm). */
export { addressInput } from '@mall/contracts';
