import { useLocation, useNavigate } from 'react-router';
import type { GroupBuyChoice } from '@mall/contracts';
import { isLoggedIn, useSession } from '../../../shared/session';

/**
 * Start or join a group: the checkout with one unit of the campaign's SKU and the choice (the
 * server prices it at the group price and takes the slot when the order is placed). Signed-in
 * buyers only: a guest signs in first and comes back here.
 */
export function useGoGroupCheckout() {
  const navigate = useNavigate();
  const location = useLocation();
  const { data: session } = useSession();
  return (skuId: string, groupBuy: GroupBuyChoice) => {
    if (!isLoggedIn(session)) {
      void navigate(`/login?target=${encodeURIComponent(location.pathname + location.search)}`);
      return;
    }
    void navigate('/checkout', { state: { from: 'group-buy', entries: [{ skuId, qty: '1' }], groupBuy } });
  };
}
