/**
 * The invoice of a paid order (viewInvoice opens it): an HTML document drawn from the order,
 * shown only to whoever may see the order. Every value is escaped.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Id, SITES, type Currency } from '@mall/contracts';
import { formatMoney } from '@mall/domain';
import type { Db } from '../../db/client.js';
import { orderDetail, orderNotFound } from './service.js';

const esc = (s: string | number | null | undefined) =>
  String(s ?? '').replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function invoiceRoutes(app: FastifyInstance, db: Db): void {
  app.get<{ Params: { id: string } }>(
    '/api/orders/:id/invoice',
    {
      schema: {
        tags: ['orders'],
        summary: 'Invoice of a paid order (HTML), for its buyer or the enterprise main account',
        params: z.strictObject({ id: Id }),
      },
    },
    async (req, reply) => {
      if (!req.caller.user) throw orderNotFound();
      const o = await orderDetail(db, req.caller.user, BigInt(req.params.id), 'en'); // the invoice is in English (html lang)
      if (!o.invoice?.invoiceUrl) throw orderNotFound();
      const site = Object.values(SITES).find((s) => s.currency === o.needPayAmt.currency) ?? SITES.US;
      const m = (v: { value: string; currency: Currency }) => esc(formatMoney(v, site.locale));
      // Billed to the billing address, or the shipping address when none was given (what a deleted account's invoice keeps: docs/privacy.md).
      const a = o.billingAddress ?? o.selectedAddress;
      const rows = o.tradeOrderLineList
        .map(
          (l) =>
            `<tr><td>${esc(l.sku.item.itemName)}<br><small>${esc(l.sku.name)}</small></td><td class="n">${esc(l.tradeQty)} ${esc(l.sku.unitName ?? '')}</td><td class="n">${m(l.tradeOrderLinePrice.displayUnitAmt)}</td><td class="n">${m(l.tradeOrderLinePrice.skuAmt)}</td></tr>`,
        )
        .join('');
      const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Invoice ${esc(o.tradeOrderCode)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#222}table{width:100%;border-collapse:collapse}td,th{padding:.4rem;border-bottom:1px solid #ddd;text-align:left}.n{text-align:right}h1{font-size:1.4rem}</style></head>
<body><h1>Invoice ${esc(o.tradeOrderCode)}</h1>
<p>${esc(o.shop.siteName)}<br>Ordered ${esc(o.timeline.orderedTime.slice(0, 10))}${o.timeline.paidTime ? `, paid ${esc(o.timeline.paidTime.slice(0, 10))}` : ''}</p>
<p><strong>Bill to</strong><br>${esc(a?.personName ?? `${a?.firstName ?? ''} ${a?.lastName ?? ''}`)}<br>${esc(a?.company ?? '')}<br>${esc(a?.poiName ?? '')} ${esc(a?.detailAddress ?? '')}<br>${esc(a?.postalCode ?? '')} ${esc(a?.city ?? '')}<br>${esc(a?.country ?? '')}</p>
<table><thead><tr><th>Item</th><th class="n">Qty</th><th class="n">Unit price</th><th class="n">Amount</th></tr></thead><tbody>${rows}</tbody></table>
<table><tbody><tr><td>Goods</td><td class="n">${m(o.bill.skuAmt)}</td></tr><tr><td>Shipping</td><td class="n">${m(o.bill.shippingAmt)}</td></tr>
<tr><td>Discount</td><td class="n">-${m(o.bill.orderDiscountAmt)}</td></tr><tr><td>Tax (${esc((o.bill.taxRate * 100).toFixed(3).replace(/\.?0+$/, ''))} %${o.bill.taxDisplay === 'INCLUSIVE' ? ', included' : ''})</td><td class="n">${m(o.bill.taxAmt)}</td></tr>
<tr><th>Total</th><th class="n">${m(o.bill.needPayAmt)}</th></tr><tr><td>Paid</td><td class="n">${m(o.bill.paidAmt)}</td></tr></tbody></table></body></html>`;
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(html);
    },
  );
}
