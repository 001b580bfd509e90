/** MOCKPAY's hosted payment page (its own little site under /mockpay, not part of the shop UI). */
import type { FastifyInstance } from 'fastify';
import { money, formatMoney } from '@mall/domain';
import type { Currency } from '@mall/contracts';
import { TEST_CARDS, type MockpayProvider, type Outcome } from './provider.js';

const esc = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)} · MockPay</title><style>
body{font-family:system-ui,sans-serif;background:#f4f5f7;margin:0;color:#1f2933}main{max-width:440px;margin:32px auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 12px #0001}
h1{font-size:20px;margin:0 0 4px}.amount{font-size:32px;font-weight:700;margin:12px 0}label{display:block;font-size:14px;margin:12px 0 4px}
input{width:100%;box-sizing:border-box;padding:10px;border:1px solid #ccd;border-radius:8px;font-size:16px}button{width:100%;padding:12px;border:0;border-radius:8px;font-size:16px;margin-top:10px;cursor:pointer}
.approve{background:#3b5bdb;color:#fff}.decline{background:#fff;border:1px solid #e03131;color:#e03131}.pending{background:#fff;border:1px solid #868e96;color:#495057}
table{width:100%;font-size:13px;border-collapse:collapse;margin-top:16px}td{padding:4px;border-top:1px solid #eee}.brand{color:#3b5bdb;font-weight:700}</style></head>
<body><main><div class="brand">MockPay · test mode</div>${body}</main></body></html>`;
}

export function mockpayRoutes(app: FastifyInstance, provider: MockpayProvider): void {
  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    // The provider's client API: the card form posts the card data here, never to the shop.
    scope.post<{ Body: { clientSecret?: string; cardNumber?: string; expiry?: string; cvc?: string } }>(
      '/mockpay/api/setup/confirm',
      { schema: { hide: true } },
      async (req, reply) => {
        const b = req.body ?? {};
        if (
          typeof b.clientSecret !== 'string' ||
          typeof b.cardNumber !== 'string' ||
          typeof b.expiry !== 'string' ||
          typeof b.cvc !== 'string'
        ) {
          return reply.code(400).send({ status: 'failed', error: 'Error loading, refresh and retry' });
        }
        return provider.confirmSetup({
          clientSecret: b.clientSecret,
          cardNumber: b.cardNumber,
          expiry: b.expiry,
          cvc: b.cvc,
        });
      },
    );

    scope.get<{ Params: { id: string } }>('/mockpay/pay/:id', { schema: { hide: true } }, async (req, reply) => {
      const p = await provider.get(req.params.id);
      reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!p) return reply.code(404).send(page('Not found', '<h1>Payment not found</h1>'));
      const amount = formatMoney(money(p.amountMinor, p.currency as Currency), 'en-US');
      if (p.status !== 'CREATED' && p.status !== 'PENDING') {
        return reply.send(
          page(
            'Payment',
            `<h1>Payment ${esc(p.status.toLowerCase())}</h1><p class="amount">${esc(amount)}</p><p><a href="${esc(p.returnUrl)}">Return to the shop</a></p>`,
          ),
        );
      }
      const cards = TEST_CARDS.map(
        (c) => `<tr><td><code>${c.number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code></td><td>${esc(c.label)}</td></tr>`,
      ).join('');
      const form =
        p.status === 'PENDING'
          ? `<p>This payment is pending. As the provider you can settle it now:</p>
           <form method="post"><button class="approve" name="outcome" value="approve">Settle: approve</button><button class="decline" name="outcome" value="decline">Settle: decline</button></form>`
          : `<form method="post"><label for="card">Card number</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" value="4242 4242 4242 4242">
           <label for="exp">Expiry</label><input id="exp" name="exp" value="12/30" autocomplete="cc-exp">
           <button class="approve" name="outcome" value="approve">Pay ${esc(amount)}</button>
           <button class="decline" name="outcome" value="decline">Decline</button>
           <button class="pending" name="outcome" value="pending">Leave pending</button></form>
           <table><caption>Test cards</caption>${cards}</table>`;
      return reply.send(
        page(
          'Pay',
          `<h1>Pay the shop</h1><p class="amount">${esc(amount)}</p><p>Reference ${esc(p.merchantReference)}</p>${form}`,
        ),
      );
    });

    scope.post<{ Params: { id: string }; Body: Record<string, unknown> }>(
      '/mockpay/pay/:id',
      { schema: { hide: true } },
      async (req, reply) => {
        const outcome = req.body?.outcome as Outcome;
        if (!['approve', 'decline', 'pending'].includes(outcome)) return reply.code(400).send('bad outcome');
        // A form posts strings; anything else (a JSON body with a number or object) is not a card number.
        const card = typeof req.body.card === 'string' ? req.body.card : null;
        const decided = await provider.decide(req.params.id, outcome, card);
        const p = await provider.get(req.params.id);
        if (!p) return reply.code(404).send('not found');
        // Back to the shop, which polls for the webhook's result.
        return reply.redirect(decided?.returnUrl ?? p.returnUrl, 303);
      },
    );
  });
}
