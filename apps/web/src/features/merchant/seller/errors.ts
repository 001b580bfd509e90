import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api';
import { errorMessage } from '../../../shared/errors';

/**
 * errorMessage (errors.<code>) for every code the shared catalogue translates; the seller-side
 * codes it does not carry yet (Trade.invalidShipment, Merchant.notSeller...) come from seller.errors.<code>.
 */
export function useSellerError() {
  const { t, i18n } = useTranslation();
  return (err: unknown) => {
    if (err instanceof ApiError && !i18n.exists(`errors.${err.code}`) && i18n.exists(`seller.errors.${err.code}`))
      return t(`seller.errors.${err.code}`);
    return errorMessage(t, err);
  };
}

export const isNotSeller = (err: unknown) => err instanceof ApiError && err.code === 'Merchant.notSeller';
