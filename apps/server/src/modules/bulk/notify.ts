/**
 * Emails between the two parties of a bulk order request, queued through the outbox in the
 * transaction of the act that causes them (nothing is sent if it rolls back):
 * - the buyer hears of the seller's messages and of each quote or revision;
 * - the seller hears of the buyer's messages, and of an acceptance or a decline.
 * Quotes, acceptances and declines always notify: each changes what the other party may do.
 * Messages notify at most once per request and recipient every MESSAGE_NOTICE_INTERVAL_MS (a chat
 * of several lines is one email; the page shows the thread). The email names the request and
 * links to it; the message text itself stays on the site, so a thread cannot be used to send
 * arbitrary text from the shop's address.
 */
import { eq, sql } from 'drizzle-orm';
import type { Language } from '@mall/contracts';
import type { Tx } from '../../db/client.js';
import { bulkRequests, shops } from '../../db/schema/index.js';
import { registerTemplate } from '../../lib/mail-templates.js';
import { noticeRecipient } from '../../lib/notice-recipient.js';
import { enqueueEmail } from '../../lib/outbox.js';

export const BULK_NOTICE_TEMPLATE = 'bulk.requestUpdate';
export const MESSAGE_NOTICE_INTERVAL_MS = 10 * 60_000;

export type BulkNoticeKind = 'message' | 'quote' | 'accepted' | 'declined';
export type BulkParty = 'BUYER' | 'SELLER';
/** Where the links in the emails point (the shop's public URL). */
export interface BulkNoticeLinks {
  publicUrl: string;
}

type Row = typeof bulkRequests.$inferSelect;

/**
 * Queues the notice for `to` about request `row`, in the caller's transaction. A message notice
 * is skipped while the recipient was notified about this request within the interval (the
 * claim is one conditional UPDATE, so two messages at once send one email). Returns whether an
 * email was queued.
 */
export async function notifyParty(
  tx: Tx,
  row: Row,
  to: BulkParty,
  kind: BulkNoticeKind,
  links: BulkNoticeLinks | undefined,
  now = new Date(),
): Promise<boolean> {
  const column = to === 'BUYER' ? bulkRequests.buyerNotifiedAt : bulkRequests.sellerNotifiedAt;
  const since = new Date(now.getTime() - MESSAGE_NOTICE_INTERVAL_MS);
  const claimed = await tx
    .update(bulkRequests)
    .set(to === 'BUYER' ? { buyerNotifiedAt: now } : { sellerNotifiedAt: now })
    .where(
      kind === 'message'
        ? sql`${bulkRequests.id} = ${row.id} AND (${column} IS NULL OR ${column} <= ${since})`
        : eq(bulkRequests.id, row.id),
    )
    .returning({ id: bulkRequests.id });
  if (!claimed.length) return false;

  const userId = to === 'BUYER' ? row.buyerId : row.sellerId;
  // A guest buyer has no account email: the request's shipping contact stands in.
  const guestEmail = to === 'BUYER' ? (row.shippingAddress as { email?: string } | null)?.email : null;
  const person = await noticeRecipient(tx, userId, row.site, guestEmail);
  if (!person) return false;
  const [shop] = await tx.select({ name: shops.name }).from(shops).where(eq(shops.id, row.shopId));
  const base = (links?.publicUrl ?? '').replace(/\/$/, '');
  const path = to === 'BUYER' ? `/order-process/${row.id}` : `/merchant-console/bulk-requests/${row.id}`;
  await enqueueEmail(tx, {
    to: person.email,
    template: BULK_NOTICE_TEMPLATE,
    lang: person.lang,
    site: person.site,
    data: {
      kind: to === 'SELLER' && kind === 'message' ? 'buyerMessage' : kind,
      requestId: String(row.id),
      shopName: shop?.name ?? '',
      url: `${base}${path}`,
    },
  });
  return true;
}

/** What the email says: a message to the seller reads from the buyer's side ("buyerMessage"). */
type TextKind = BulkNoticeKind | 'buyerMessage';
type Texts = {
  subject: Record<TextKind, (id: string) => string>;
  body: Record<TextKind, (shop: string) => string>;
  open: string;
};

const TEXTS: Record<Language, Texts> = {
  en: {
    subject: {
      message: (id) => `New message on order request ${id}`,
      quote: (id) => `Your order request ${id} has a quote`,
      accepted: (id) => `Order request ${id} was accepted`,
      declined: (id) => `Order request ${id} was declined`,
      buyerMessage: (id) => `New message from the buyer on order request ${id}`,
    },
    body: {
      message: (s) => `There is a new message on your order request with ${s}.`,
      quote: (s) => `${s} sent you a quote with your exclusive price. You can accept it while it is valid.`,
      accepted: (s) => `The buyer accepted your quote for ${s}. The bulk order is waiting for payment.`,
      declined: (s) => `The buyer declined the order request to ${s}.`,
      buyerMessage: (s) => `The buyer wrote on an order request to ${s}.`,
    },
    open: 'Open the request:',
  },
  de: {
    subject: {
      message: (id) => `Neue Nachricht zur Bestellanfrage ${id}`,
      quote: (id) => `Ihre Bestellanfrage ${id} hat ein Angebot`,
      accepted: (id) => `Bestellanfrage ${id} wurde angenommen`,
      declined: (id) => `Bestellanfrage ${id} wurde abgelehnt`,
      buyerMessage: (id) => `Neue Nachricht des Käufers zur Bestellanfrage ${id}`,
    },
    body: {
      message: (s) => `Es gibt eine neue Nachricht zu Ihrer Bestellanfrage bei ${s}.`,
      quote: (s) =>
        `${s} hat Ihnen ein Angebot mit Ihrem exklusiven Preis gesendet. Sie können es annehmen, solange es gültig ist.`,
      accepted: (s) => `Der Käufer hat Ihr Angebot für ${s} angenommen. Die Großbestellung wartet auf Zahlung.`,
      declined: (s) => `Der Käufer hat die Bestellanfrage an ${s} abgelehnt.`,
      buyerMessage: (s) => `Der Käufer hat zu einer Bestellanfrage an ${s} geschrieben.`,
    },
    open: 'Anfrage öffnen:',
  },
  ja: {
    subject: {
      message: (id) => `注文リクエスト ${id} に新しいメッセージがあります`,
      quote: (id) => `注文リクエスト ${id} に見積もりが届きました`,
      accepted: (id) => `注文リクエスト ${id} が承諾されました`,
      declined: (id) => `注文リクエスト ${id} が辞退されました`,
      buyerMessage: (id) => `注文リクエスト ${id} に購入者からメッセージがあります`,
    },
    body: {
      message: (s) => `${s} との注文リクエストに新しいメッセージがあります。`,
      quote: (s) => `${s} から特別価格の見積もりが届きました。有効期限内に承諾できます。`,
      accepted: (s) => `購入者が ${s} の見積もりを承諾しました。大口注文は支払い待ちです。`,
      declined: (s) => `購入者が ${s} への注文リクエストを辞退しました。`,
      buyerMessage: (s) => `${s} への注文リクエストに購入者がメッセージを書きました。`,
    },
    open: 'リクエストを開く：',
  },
  es: {
    subject: {
      message: (id) => `Nuevo mensaje en la solicitud de pedido ${id}`,
      quote: (id) => `Su solicitud de pedido ${id} tiene un presupuesto`,
      accepted: (id) => `La solicitud de pedido ${id} fue aceptada`,
      declined: (id) => `La solicitud de pedido ${id} fue rechazada`,
      buyerMessage: (id) => `Nuevo mensaje del comprador en la solicitud de pedido ${id}`,
    },
    body: {
      message: (s) => `Hay un nuevo mensaje en su solicitud de pedido con ${s}.`,
      quote: (s) => `${s} le ha enviado un presupuesto con su precio exclusivo. Puede aceptarlo mientras sea válido.`,
      accepted: (s) => `El comprador aceptó su presupuesto para ${s}. El pedido al por mayor espera el pago.`,
      declined: (s) => `El comprador rechazó la solicitud de pedido a ${s}.`,
      buyerMessage: (s) => `El comprador escribió en una solicitud de pedido a ${s}.`,
    },
    open: 'Abrir la solicitud:',
  },
  it: {
    subject: {
      message: (id) => `Nuovo messaggio sulla richiesta d'ordine ${id}`,
      quote: (id) => `La sua richiesta d'ordine ${id} ha un preventivo`,
      accepted: (id) => `La richiesta d'ordine ${id} è stata accettata`,
      declined: (id) => `La richiesta d'ordine ${id} è stata rifiutata`,
      buyerMessage: (id) => `Nuovo messaggio dell'acquirente sulla richiesta d'ordine ${id}`,
    },
    body: {
      message: (s) => `C'è un nuovo messaggio sulla sua richiesta d'ordine con ${s}.`,
      quote: (s) => `${s} le ha inviato un preventivo con il suo prezzo esclusivo. Può accettarlo finché è valido.`,
      accepted: (s) =>
        `L'acquirente ha accettato il suo preventivo per ${s}. L'ordine all'ingrosso attende il pagamento.`,
      declined: (s) => `L'acquirente ha rifiutato la richiesta d'ordine a ${s}.`,
      buyerMessage: (s) => `L'acquirente ha scritto su una richiesta d'ordine a ${s}.`,
    },
    open: 'Apri la richiesta:',
  },
  fr: {
    subject: {
      message: (id) => `Nouveau message sur la demande de commande ${id}`,
      quote: (id) => `Votre demande de commande ${id} a un devis`,
      accepted: (id) => `La demande de commande ${id} a été acceptée`,
      declined: (id) => `La demande de commande ${id} a été refusée`,
      buyerMessage: (id) => `Nouveau message de l'acheteur sur la demande de commande ${id}`,
    },
    body: {
      message: (s) => `Un nouveau message est arrivé sur votre demande de commande avec ${s}.`,
      quote: (s) => `${s} vous a envoyé un devis à votre prix exclusif. Vous pouvez l'accepter tant qu'il est valable.`,
      accepted: (s) => `L'acheteur a accepté votre devis pour ${s}. La commande en gros attend le paiement.`,
      declined: (s) => `L'acheteur a refusé la demande de commande adressée à ${s}.`,
      buyerMessage: (s) => `L'acheteur a écrit sur une demande de commande adressée à ${s}.`,
    },
    open: 'Ouvrir la demande :',
  },
  nl: {
    subject: {
      message: (id) => `Nieuw bericht bij bestelaanvraag ${id}`,
      quote: (id) => `Uw bestelaanvraag ${id} heeft een offerte`,
      accepted: (id) => `Bestelaanvraag ${id} is geaccepteerd`,
      declined: (id) => `Bestelaanvraag ${id} is afgewezen`,
      buyerMessage: (id) => `Nieuw bericht van de koper bij bestelaanvraag ${id}`,
    },
    body: {
      message: (s) => `Er is een nieuw bericht bij uw bestelaanvraag met ${s}.`,
      quote: (s) =>
        `${s} heeft u een offerte met uw exclusieve prijs gestuurd. U kunt die accepteren zolang ze geldig is.`,
      accepted: (s) => `De koper heeft uw offerte voor ${s} geaccepteerd. De grootbestelling wacht op betaling.`,
      declined: (s) => `De koper heeft de bestelaanvraag aan ${s} afgewezen.`,
      buyerMessage: (s) => `De koper heeft geschreven bij een bestelaanvraag aan ${s}.`,
    },
    open: 'Aanvraag openen:',
  },
};

registerTemplate(BULK_NOTICE_TEMPLATE, ({ lang, data }) => {
  const t = TEXTS[lang] ?? TEXTS.en;
  const kind: TextKind = typeof data.kind === 'string' && data.kind in t.subject ? (data.kind as TextKind) : 'message';
  const url = typeof data.url === 'string' ? data.url : '';
  return {
    subject: t.subject[kind](String(data.requestId)),
    paragraphs: [t.body[kind](String(data.shopName)), ...(url ? [t.open, url] : [])],
  };
});
