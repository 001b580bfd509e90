/**
 * The PDF of an invoice or credit note, drawn from the content fixed when it was issued (so the
 * same document comes out whenever it is drawn again). pdfkit with its built-in Helvetica.
 */
import PDFDocument from 'pdfkit';
import type { Currency } from '@mall/contracts';
import { formatMoney, money } from '@mall/domain';

/** What a document says, fixed at issue (amounts are minor units as strings, as JSON keeps them). */
export interface InvoiceContent {
  kind: 'INVOICE' | 'CREDIT_NOTE';
  invoiceNumber: string;
  /** A credit note: the invoice it corrects. */
  creditsInvoiceNumber: string | null;
  issueDate: string;
  supplyDate: string;
  currency: Currency;
  locale: string;
  orderCode: string;
  seller: Party;
  buyer: Party;
  lines: {
    description: string;
    quantity: string;
    netMinor: string;
    rate: string;
    taxMinor: string;
    grossMinor: string;
  }[];
  totals: { rate: string; netMinor: string; taxMinor: string; grossMinor: string }[];
  netMinor: string;
  taxMinor: string;
  grossMinor: string;
  reverseCharge: boolean;
  notes: string[];
  /** What the order paid and the tax in it: a credit note's share of the tax is taken in this proportion. */
  paidGrossMinor: string;
  paidTaxMinor: string;
}
export interface Party {
  name: string;
  vatId: string | null;
  address: string[];
}

/** The built-in fonts write WinAnsi: the full-width yen and narrow spaces Intl uses become their plain forms. */
const winAnsi = (s: string) => s.replace(/\uFFE5/g, '\u00A5').replace(/[\u202F\u2009]/g, ' ');

export function renderInvoicePdf(c: InvoiceContent, opts: { compress?: boolean } = {}): Promise<Buffer> {
  const title = `${c.kind === 'INVOICE' ? 'Invoice' : 'Credit note'} ${c.invoiceNumber}`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    compress: opts.compress ?? true,
    info: { Title: title, Author: c.seller.name, Subject: `Order ${c.orderCode}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const sign = c.kind === 'CREDIT_NOTE' ? -1n : 1n;
  const m = (minor: string) => winAnsi(formatMoney(money(BigInt(minor) * sign, c.currency), c.locale));
  const pct = (rate: string) => `${(Number(rate) * 100).toFixed(2).replace(/\.?0+$/, '')} %`;
  const t = (s: string) => winAnsi(s);

  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .text(c.kind === 'INVOICE' ? 'Invoice' : 'Credit note');
  doc.font('Helvetica').fontSize(10).moveDown(0.5);
  doc.text(`Number: ${c.invoiceNumber}`);
  if (c.creditsInvoiceNumber) doc.text(`Credits invoice: ${c.creditsInvoiceNumber}`);
  doc.text(`Issue date: ${c.issueDate}`);
  doc.text(`Date of supply: ${c.supplyDate}`);
  doc.text(`Order: ${c.orderCode}`);
  doc.text(`Currency: ${c.currency}`);
  doc.moveDown();

  const top = doc.y;
  const party = (label: string, p: Party, x: number) => {
    doc.font('Helvetica-Bold').text(label, x, top, { width: 230 });
    doc.font('Helvetica').text(t(p.name), { width: 230 });
    for (const line of p.address) doc.text(t(line), { width: 230 });
    doc.text(p.vatId ? `VAT ID: ${p.vatId}` : 'VAT ID: -', { width: 230 });
  };
  party('Seller', c.seller, 50);
  const afterSeller = doc.y;
  party('Buyer', c.buyer, 310);
  doc.x = 50;
  doc.y = Math.max(afterSeller, doc.y) + 20;

  // Description, quantity, net, rate, VAT, gross; a row is as tall as its tallest cell (a long item name wraps).
  const cols = [50, 220, 260, 340, 384, 464, 545];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    let bottom = y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    cells.forEach((cell, i) => {
      doc.text(cell, cols[i], y, { width: cols[i + 1]! - cols[i]! - 6, align: i === 0 ? 'left' : 'right' });
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = 50;
    doc.y = bottom;
    doc.moveDown(0.3);
  };
  row(['Description', 'Qty', 'Net', 'Rate', 'VAT', 'Gross'], true);
  for (const l of c.lines)
    row([t(l.description), l.quantity, m(l.netMinor), pct(l.rate), m(l.taxMinor), m(l.grossMinor)]);
  doc.moveDown();
  row(['Totals per rate', '', 'Net', 'Rate', 'VAT', 'Gross'], true);
  for (const r of c.totals) row(['', '', m(r.netMinor), pct(r.rate), m(r.taxMinor), m(r.grossMinor)]);
  doc.moveDown();
  row(['Total', '', m(c.netMinor), '', m(c.taxMinor), m(c.grossMinor)], true);
  doc.moveDown();
  for (const n of c.notes) doc.font('Helvetica').text(t(n), 50, doc.y, { width: 495 });
  doc.end();
  return done;
}
