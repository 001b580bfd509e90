/**
 * The emulator's pages for a buyer's browser: the hosted Checkout page a Checkout Session's url
 * opens, and the bank's 3-D Secure page a payment that requires action sends the buyer to. Plain
 * forms, so a test can submit them with fetch and Playwright can click them.
 */
import { TEST_CARDS, TEST_IBAN_PROCESSING, type Obj } from './objects.js';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const ZERO_DECIMAL = new Set(['jpy']);

function amountText(amount: number, currency: string): string {
  const value = ZERO_DECIMAL.has(currency) ? amount : amount / 100;
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(value);
}

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title><style>
body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1a1f36}
h1{font-size:1.2rem}.amount{font-size:1.8rem;font-weight:600;margin:.5rem 0 1.5rem}
form{margin:.5rem 0}button{width:100%;padding:.7rem;margin:.25rem 0;border-radius:6px;border:1px solid #ccc;background:#fff;font-size:1rem;cursor:pointer}
button.primary{background:#635bff;color:#fff;border-color:#635bff}input{width:100%;box-sizing:border-box;padding:.6rem;font-size:1rem;margin:.25rem 0}
.error{color:#df1b41;margin:.5rem 0}.muted{color:#697386;font-size:.85rem}
</style></head><body><p class="muted">Stripe emulator (test mode)</p>${body}</body></html>`;
}

export function checkoutPage(session: Obj | null, opts: { error?: string | null }): string {
  if (!session) return layout('Not found', '<h1>This page could not be found</h1>');
  const id = esc(String(session.id));
  const amount = amountText(Number(session.amount_total), String(session.currency));
  if (session.status !== 'open') {
    const text =
      session.status === 'complete' ? 'This payment is complete.' : 'This Checkout Session is no longer active.';
    return layout(
      'Checkout',
      `<h1>${text}</h1><p class="amount">${esc(amount)}</p>${opts.error ? `<p class="error" role="alert">${esc(opts.error)}</p>` : ''}`,
    );
  }
  const card = (pm: keyof typeof TEST_CARDS, label: string, cls = '') =>
    `<button type="submit" name="card" value="${TEST_CARDS[pm]!.number}"${cls ? ` class="${cls}"` : ''}>${esc(label)}</button>`;
  return layout(
    'Checkout',
    `
<h1>Pay</h1><p class="amount" data-testid="amount">${esc(amount)}</p>
${opts.error ? `<p class="error" role="alert">${esc(opts.error)}</p>` : ''}
<form method="post" action="/c/pay/${id}">
  <input type="hidden" name="action" value="pay">
  <label>Card number <input name="card" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242"></label>
  <button type="submit" class="primary">Pay ${esc(amount)}</button>
</form>
<form method="post" action="/c/pay/${id}">
  <input type="hidden" name="action" value="pay">
  ${card('pm_card_visa', 'Approve: Visa 4242 4242 4242 4242')}
  ${card('pm_card_chargeDeclined', 'Decline: Visa 4000 0000 0000 0002')}
  ${card('pm_card_chargeDeclinedInsufficientFunds', 'Decline (insufficient funds): 4000 0000 0000 9995')}
  ${card('pm_card_threeDSecure2Required', '3-D Secure: Visa 4000 0027 6000 3184')}
</form>
<form method="post" action="/c/pay/${id}">
  <input type="hidden" name="action" value="pay"><input type="hidden" name="method" value="sepa_debit">
  <input type="hidden" name="iban" value="${TEST_IBAN_PROCESSING}">
  <button type="submit">Processing: SEPA Direct Debit ${TEST_IBAN_PROCESSING.slice(0, 4)}…${TEST_IBAN_PROCESSING.slice(-4)}</button>
</form>
<form method="post" action="/c/pay/${id}"><input type="hidden" name="action" value="cancel"><button type="submit">Cancel and return</button></form>`,
  );
}

export function authenticatePage(target: Obj | null): string {
  if (!target) return layout('Not found', '<h1>This page could not be found</h1>');
  const id = esc(String(target.id));
  if (target.status !== 'requires_action') {
    return layout(
      '3-D Secure',
      `<h1>${target.status === 'succeeded' ? 'Authentication complete.' : 'Authentication failed.'}</h1>`,
    );
  }
  const what =
    target.object === 'payment_intent' ? amountText(Number(target.amount), String(target.currency)) : 'Save this card';
  return layout(
    '3-D Secure',
    `
<h1>3-D Secure 2 test page</h1><p class="amount">${esc(what)}</p>
<p class="muted">Your bank asks you to confirm this payment.</p>
<form method="post" action="/3ds/${id}"><input type="hidden" name="action" value="complete"><button type="submit" class="primary">Complete authentication</button></form>
<form method="post" action="/3ds/${id}"><input type="hidden" name="action" value="fail"><button type="submit">Fail authentication</button></form>`,
  );
}
