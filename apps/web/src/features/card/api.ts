import { useQuery } from '@tanstack/react-query';
import { CARD_SETUP_POLL_MS } from '@mall/contracts/constants';
import type { CardForm, SavedCard } from '@mall/contracts';
import { api } from '../../shared/api';

export const cardsKey = ['cards'] as const;
export const useSavedCards = (enabled = true) => useQuery({
  queryKey: cardsKey, enabled,
  queryFn: () => api<SavedCard[]>('/api/trantor/flow/customer_QueryCardByCustomerFlow', { body: [{ isBind: 1 }] }),
});

export class CardSetupError extends Error {}
/** More than this many polls without a token means the setup timed out (SPEC §4: about 6 tries). */
export const MAX_SETUP_POLLS = 5;

/**
 * SPEC §4 "Card save": create the card at the shop, confirm the setup with the provider (card
 * data goes only there), then poll the card once a second until its token appears.
 */
export async function saveCard(holder: CardForm, card: { cardNumber: string; expiry: string; cvc: string }): Promise<void> {
  const created = await api<{ id: string; extra: string }>('/api/trantor/flow/customer_CreateCardFlow', { body: [holder] });
  const { clientSecret } = JSON.parse(created.extra) as { clientSecret?: string };
  if (!clientSecret) throw new CardSetupError('Error loading, refresh and retry');
  // The provider's client API (MOCKPAY's equivalent of a card element library).
  const res = await fetch('/mockpay/api/setup/confirm', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ clientSecret, ...card }) });
  const confirmed = (await res.json().catch(() => ({ status: 'failed', error: 'Error loading, refresh and retry' }))) as { status: string; error?: string };
  if (confirmed.status !== 'succeeded') throw new CardSetupError(confirmed.error ?? 'Error loading, refresh and retry');
  for (let i = 1; ; i++) {
    await new Promise((r) => setTimeout(r, CARD_SETUP_POLL_MS));
    const one = await api<{ payCenterToken: string | null }>('/api/trantor/func/customer_QueryOneCardFunc', { body: [{ id: { value: created.id } }] });
    if (one.payCenterToken) return;
    if (i > MAX_SETUP_POLLS) throw new CardSetupError('timeout');
  }
}
