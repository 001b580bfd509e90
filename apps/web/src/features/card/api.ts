import { useQuery } from '@tanstack/react-query';
import { CARD_SETUP_POLL_MS } from '@mall/contracts/constants';
import type { CardForm, SavedCard } from '@mall/contracts';
import { api } from '../../shared/api';

export const cardsKey = ['cards'] as const;
export const useSavedCards = (enabled = true) =>
  useQuery({
    queryKey: cardsKey,
    enabled,
    queryFn: () => api<SavedCard[]>('/api/trantor/flow/customer_QueryCardByCustomerFlow', { body: [{ isBind: 1 }] }),
  });

export class CardSetupError extends Error {}
/** SPEC §8 "Payment elements missing": the card provider's part of the form is not there. */
export const LOAD_ERROR = 'Error loading, refresh and retry';
/** More than this many polls without a token means the setup timed out (SPEC §4: about 6 tries). */
export const MAX_SETUP_POLLS = 5;

/** What CreateCardFlow's `extra` carries: the card provider, the setup's client secret and its public config. */
export interface CardExtra {
  provider?: string;
  clientSecret?: string;
  publishableKey?: string;
}

/** Creates the card at the shop (holder details only) and starts its setup with the card provider. */
export async function createCard(holder: CardForm): Promise<{ id: string; extra: CardExtra }> {
  const created = await api<{ id: string; extra: string }>('/api/trantor/flow/customer_CreateCardFlow', {
    body: [holder],
  });
  let extra: CardExtra = {};
  try {
    extra = JSON.parse(created.extra) as CardExtra;
  } catch {
    /* no setup to confirm: the check below says so */
  }
  return { id: created.id, extra };
}

/** SPEC §4 "Card save": polls the card once a second until its token appears; 'timeout' after more than 5 polls. */
export async function pollCardToken(id: string): Promise<void> {
  for (let i = 1; ; i++) {
    await new Promise((r) => setTimeout(r, CARD_SETUP_POLL_MS));
    const one = await api<{ payCenterToken: string | null }>('/api/trantor/func/customer_QueryOneCardFunc', {
      body: [{ id: { value: id } }],
    });
    if (one.payCenterToken) return;
    if (i > MAX_SETUP_POLLS) throw new CardSetupError('timeout');
  }
}

/**
 * SPEC §4 "Card save" with the shop's own card fields (MOCKPAY): create the card at the shop,
 * confirm the setup with the provider's client API (card data goes only there), then poll.
 */
export async function saveCard(
  holder: CardForm,
  card: { cardNumber: string; expiry: string; cvc: string },
): Promise<void> {
  const created = await createCard(holder);
  const { clientSecret, provider } = created.extra;
  // Another provider's setup (its fields were not on the page), or none at all.
  if (!clientSecret || (provider && provider !== 'mockpay')) throw new CardSetupError(LOAD_ERROR);
  // The provider's client API (MOCKPAY's equivalent of a card element library).
  const res = await fetch('/mockpay/api/setup/confirm', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientSecret, ...card }),
  });
  const confirmed = (await res.json().catch(() => ({ status: 'failed', error: LOAD_ERROR }))) as {
    status: string;
    error?: string;
  };
  if (confirmed.status !== 'succeeded') throw new CardSetupError(confirmed.error ?? LOAD_ERROR);
  await pollCardToken(created.id);
}
