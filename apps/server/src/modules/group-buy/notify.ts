/**
 * Emails to the members of a group-buy group, queued through the outbox in the transaction of the
 * act that causes them (nothing is sent if it rolls back), as the bulk request notices are:
 * - the group fills (its last slot paid): each member hears that its order now ships, written
 *   with the fill (groupOrdersPaid);
 * - the group's time ran out unfilled: each member hears that its order is canceled and refunded
 *   (paid) or closed with nothing charged (unpaid), written with that order's cancel or close by
 *   the expiry sweep. Each act happens once per order, so a sweep run again sends nothing twice.
 * Each member is told in the language it chose, else the one of the site it ordered on.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Language } from '@mall/contracts';
import type { Tx } from '../../db/client.js';
import { groupBuyMembers, shops, tradeContracts, tradeOrders } from '../../db/schema/index.js';
import { registerTemplate } from '../../lib/mail-templates.js';
import { noticeRecipient } from '../../lib/notice-recipient.js';
import { enqueueEmail } from '../../lib/outbox.js';

export const GROUP_BUY_NOTICE_TEMPLATE = 'groupBuy.groupUpdate';

/** filled: the order ships; failedRefunded: a paid order canceled and refunded; failedClosed: an unpaid one closed. */
export type GroupNoticeKind = 'filled' | 'failedRefunded' | 'failedClosed';

/** Queues the notice about group order `orderId` to its buyer, in the caller's transaction. Returns whether one was queued. */
export async function notifyGroupMember(tx: Tx, orderId: bigint, kind: GroupNoticeKind): Promise<boolean> {
  const [o] = await tx
    .select({
      code: tradeOrders.tradeOrderCode,
      buyerId: tradeOrders.buyerId,
      shopName: shops.name,
      site: tradeContracts.site,
      address: tradeContracts.selectedAddress,
    })
    .from(tradeOrders)
    .innerJoin(tradeContracts, eq(tradeContracts.id, tradeOrders.contractId))
    .innerJoin(shops, eq(shops.id, tradeOrders.shopId))
    .where(eq(tradeOrders.id, orderId));
  if (!o) return false;
  // An account without an email (signed up by phone): the order's contact email stands in.
  const person = await noticeRecipient(tx, o.buyerId, o.site, (o.address as { email?: string } | null)?.email);
  if (!person) return false;
  await enqueueEmail(tx, {
    to: person.email,
    template: GROUP_BUY_NOTICE_TEMPLATE,
    lang: person.lang,
    site: person.site,
    data: { kind, orderCode: o.code, shopName: o.shopName },
  });
  return true;
}

/** The group filled: every member still in it (each has paid) hears that its order ships. */
export async function notifyGroupFilled(tx: Tx, groupId: bigint): Promise<number> {
  const members = await tx
    .select({ orderId: groupBuyMembers.orderId })
    .from(groupBuyMembers)
    .where(and(eq(groupBuyMembers.groupId, groupId), isNull(groupBuyMembers.releasedAt)))
    .orderBy(groupBuyMembers.createdAt, groupBuyMembers.orderId);
  let sent = 0;
  for (const m of members) if (await notifyGroupMember(tx, m.orderId, 'filled')) sent += 1;
  return sent;
}

type Texts = {
  subject: Record<GroupNoticeKind, (code: string) => string>;
  body: Record<GroupNoticeKind, (shop: string, code: string) => string>;
  orders: string;
};

const TEXTS: Record<Language, Texts> = {
  en: {
    subject: {
      filled: (c) => `Your group is complete: order ${c} will ship`,
      failedRefunded: (c) => `Your group did not fill: order ${c} is canceled`,
      failedClosed: (c) => `Your group did not fill: order ${c} is closed`,
    },
    body: {
      filled: (s, c) =>
        `Every place in your group-buy with ${s} is taken and paid. Your order ${c} at the group price is now prepared for shipping.`,
      failedRefunded: (s, c) =>
        `Your group-buy with ${s} did not fill in time. Your order ${c} is canceled and what you paid is refunded to your payment method.`,
      failedClosed: (s, c) =>
        `Your group-buy with ${s} did not fill in time. Your unpaid order ${c} is closed; nothing was charged.`,
    },
    orders: 'You find the order under "My orders" in your account.',
  },
  de: {
    subject: {
      filled: (c) => `Ihre Gruppe ist vollständig: Bestellung ${c} wird versandt`,
      failedRefunded: (c) => `Ihre Gruppe wurde nicht voll: Bestellung ${c} ist storniert`,
      failedClosed: (c) => `Ihre Gruppe wurde nicht voll: Bestellung ${c} ist geschlossen`,
    },
    body: {
      filled: (s, c) =>
        `Alle Plätze Ihres Gruppenkaufs bei ${s} sind vergeben und bezahlt. Ihre Bestellung ${c} zum Gruppenpreis wird jetzt für den Versand vorbereitet.`,
      failedRefunded: (s, c) =>
        `Ihr Gruppenkauf bei ${s} wurde nicht rechtzeitig voll. Ihre Bestellung ${c} ist storniert, der bezahlte Betrag wird auf Ihr Zahlungsmittel erstattet.`,
      failedClosed: (s, c) =>
        `Ihr Gruppenkauf bei ${s} wurde nicht rechtzeitig voll. Ihre unbezahlte Bestellung ${c} ist geschlossen; es wurde nichts berechnet.`,
    },
    orders: 'Sie finden die Bestellung unter „Meine Bestellungen“ in Ihrem Konto.',
  },
  ja: {
    subject: {
      filled: (c) => `グループが成立しました：注文 ${c} を発送します`,
      failedRefunded: (c) => `グループが成立しませんでした：注文 ${c} はキャンセルされました`,
      failedClosed: (c) => `グループが成立しませんでした：注文 ${c} はクローズされました`,
    },
    body: {
      filled: (s, c) =>
        `${s} のグループ購入の枠がすべて埋まり、支払いが完了しました。グループ価格の注文 ${c} の発送準備を始めます。`,
      failedRefunded: (s, c) =>
        `${s} のグループ購入は期限内に成立しませんでした。注文 ${c} はキャンセルされ、お支払い額はお支払い方法に返金されます。`,
      failedClosed: (s, c) =>
        `${s} のグループ購入は期限内に成立しませんでした。未払いの注文 ${c} はクローズされ、請求はありません。`,
    },
    orders: '注文はアカウントの「注文履歴」で確認できます。',
  },
  es: {
    subject: {
      filled: (c) => `Su grupo está completo: el pedido ${c} se enviará`,
      failedRefunded: (c) => `Su grupo no se completó: el pedido ${c} está cancelado`,
      failedClosed: (c) => `Su grupo no se completó: el pedido ${c} está cerrado`,
    },
    body: {
      filled: (s, c) =>
        `Todas las plazas de su compra en grupo con ${s} están ocupadas y pagadas. Su pedido ${c} al precio de grupo se prepara ahora para el envío.`,
      failedRefunded: (s, c) =>
        `Su compra en grupo con ${s} no se completó a tiempo. Su pedido ${c} está cancelado y lo pagado se reembolsa a su medio de pago.`,
      failedClosed: (s, c) =>
        `Su compra en grupo con ${s} no se completó a tiempo. Su pedido ${c} sin pagar está cerrado; no se cobró nada.`,
    },
    orders: 'Encontrará el pedido en «Mis pedidos» de su cuenta.',
  },
  it: {
    subject: {
      filled: (c) => `Il suo gruppo è completo: l'ordine ${c} sarà spedito`,
      failedRefunded: (c) => `Il suo gruppo non si è completato: l'ordine ${c} è annullato`,
      failedClosed: (c) => `Il suo gruppo non si è completato: l'ordine ${c} è chiuso`,
    },
    body: {
      filled: (s, c) =>
        `Tutti i posti del suo acquisto di gruppo con ${s} sono occupati e pagati. Il suo ordine ${c} al prezzo di gruppo è ora in preparazione per la spedizione.`,
      failedRefunded: (s, c) =>
        `Il suo acquisto di gruppo con ${s} non si è completato in tempo. Il suo ordine ${c} è annullato e quanto pagato viene rimborsato sul suo metodo di pagamento.`,
      failedClosed: (s, c) =>
        `Il suo acquisto di gruppo con ${s} non si è completato in tempo. Il suo ordine ${c} non pagato è chiuso; non è stato addebitato nulla.`,
    },
    orders: "Trova l'ordine in «I miei ordini» nel suo account.",
  },
  fr: {
    subject: {
      filled: (c) => `Votre groupe est complet : la commande ${c} sera expédiée`,
      failedRefunded: (c) => `Votre groupe n'a pas été complété : la commande ${c} est annulée`,
      failedClosed: (c) => `Votre groupe n'a pas été complété : la commande ${c} est clôturée`,
    },
    body: {
      filled: (s, c) =>
        `Toutes les places de votre achat groupé avec ${s} sont prises et payées. Votre commande ${c} au prix de groupe est maintenant préparée pour l'expédition.`,
      failedRefunded: (s, c) =>
        `Votre achat groupé avec ${s} n'a pas été complété à temps. Votre commande ${c} est annulée et le montant payé est remboursé sur votre moyen de paiement.`,
      failedClosed: (s, c) =>
        `Votre achat groupé avec ${s} n'a pas été complété à temps. Votre commande ${c} non payée est clôturée ; rien n'a été débité.`,
    },
    orders: 'Vous trouvez la commande dans « Mes commandes » de votre compte.',
  },
  nl: {
    subject: {
      filled: (c) => `Uw groep is compleet: bestelling ${c} wordt verzonden`,
      failedRefunded: (c) => `Uw groep is niet vol geraakt: bestelling ${c} is geannuleerd`,
      failedClosed: (c) => `Uw groep is niet vol geraakt: bestelling ${c} is gesloten`,
    },
    body: {
      filled: (s, c) =>
        `Alle plaatsen van uw groepsaankoop bij ${s} zijn bezet en betaald. Uw bestelling ${c} tegen de groepsprijs wordt nu klaargemaakt voor verzending.`,
      failedRefunded: (s, c) =>
        `Uw groepsaankoop bij ${s} is niet op tijd vol geraakt. Uw bestelling ${c} is geannuleerd en het betaalde bedrag wordt teruggestort op uw betaalmiddel.`,
      failedClosed: (s, c) =>
        `Uw groepsaankoop bij ${s} is niet op tijd vol geraakt. Uw onbetaalde bestelling ${c} is gesloten; er is niets afgeschreven.`,
    },
    orders: 'U vindt de bestelling onder „Mijn bestellingen” in uw account.',
  },
};

registerTemplate(GROUP_BUY_NOTICE_TEMPLATE, ({ lang, data }) => {
  const t = TEXTS[lang] ?? TEXTS.en;
  const kind: GroupNoticeKind =
    typeof data.kind === 'string' && data.kind in t.subject ? (data.kind as GroupNoticeKind) : 'filled';
  const code = String(data.orderCode);
  return {
    subject: t.subject[kind](code),
    paragraphs: [t.body[kind](String(data.shopName), code), t.orders],
  };
});
