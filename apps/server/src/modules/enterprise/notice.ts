/**
 * Enterprise notice emails (SPEC §7 queryEnterpriseNoticeEmailList, create, update, delete):
 * extra addresses the main account names to receive the enterprise's notices, at most
 * NOTICE_EMAIL_MAX, no duplicates. The sub-account "submit to main account" notice goes to
 * them and to the main account's own email, queued in the submit's transaction.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { ERROR_CODES, NOTICE_EMAIL_MAX, type NoticeEmail } from '@mall/contracts';
import type { Db } from '../../db/client.js';
import { enterpriseNoticeEmails, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { registerTemplate } from '../../lib/mail-templates.js';
import { enqueueEmail } from '../../lib/outbox.js';
import type { UserRow } from '../../lib/session.js';

type Tx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** Only an enterprise main account manages the list (SPEC §6). */
function mainEnterpriseOf(user: UserRow): bigint {
  if (!user.enterpriseId) throw new AppError(403, ERROR_CODES.notEnterpriseUser, 'This is not an enterprise account');
  if (!user.isEnterpriseMain)
    throw new AppError(403, ERROR_CODES.notMainAccount, 'Only the main account manages notice emails');
  return user.enterpriseId;
}

const view = (r: typeof enterpriseNoticeEmails.$inferSelect): NoticeEmail => ({
  id: String(r.id),
  email: r.email,
  createdAt: r.createdAt.toISOString(),
});
const duplicate = () => new AppError(409, ERROR_CODES.noticeEmailDuplicate, 'This email is already in the list');
const notExist = () => new AppError(404, ERROR_CODES.noticeEmailNotExist, 'This notice email does not exist');
const isUniqueViolation = (e: unknown) =>
  (e as { cause?: { code?: string } })?.cause?.code === '23505' || (e as { code?: string })?.code === '23505';

export async function listNoticeEmails(db: Db, user: UserRow): Promise<{ data: NoticeEmail[]; max: number }> {
  const enterpriseId = mainEnterpriseOf(user);
  const rows = await db
    .select()
    .from(enterpriseNoticeEmails)
    .where(eq(enterpriseNoticeEmails.enterpriseId, enterpriseId))
    .orderBy(asc(enterpriseNoticeEmails.id));
  return { data: rows.map(view), max: NOTICE_EMAIL_MAX };
}

export async function createNoticeEmail(db: Db, user: UserRow, email: string): Promise<NoticeEmail> {
  const enterpriseId = mainEnterpriseOf(user);
  try {
    return await db.transaction(async (tx) => {
      // The enterprise row lock makes "count, then insert" one step for concurrent adds.
      await tx.execute(sql`SELECT 1 FROM enterprises WHERE id = ${enterpriseId} FOR UPDATE`);
      const [same] = await tx
        .select({ id: enterpriseNoticeEmails.id })
        .from(enterpriseNoticeEmails)
        .where(and(eq(enterpriseNoticeEmails.enterpriseId, enterpriseId), eq(enterpriseNoticeEmails.email, email)));
      if (same) throw duplicate();
      const [n] = await tx
        .select({ n: count() })
        .from(enterpriseNoticeEmails)
        .where(eq(enterpriseNoticeEmails.enterpriseId, enterpriseId));
      if ((n?.n ?? 0) >= NOTICE_EMAIL_MAX)
        throw new AppError(409, ERROR_CODES.noticeEmailLimit, `At most ${NOTICE_EMAIL_MAX} notice emails`);
      const [row] = await tx.insert(enterpriseNoticeEmails).values({ enterpriseId, email }).returning();
      return view(row!);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw duplicate();
    throw e;
  }
}

export async function updateNoticeEmail(db: Db, user: UserRow, id: string, email: string): Promise<NoticeEmail> {
  const enterpriseId = mainEnterpriseOf(user);
  try {
    const [row] = await db
      .update(enterpriseNoticeEmails)
      .set({ email })
      .where(and(eq(enterpriseNoticeEmails.id, BigInt(id)), eq(enterpriseNoticeEmails.enterpriseId, enterpriseId)))
      .returning();
    if (!row) throw notExist();
    return view(row);
  } catch (e) {
    if (isUniqueViolation(e)) throw duplicate();
    throw e;
  }
}

export async function deleteNoticeEmail(db: Db, user: UserRow, id: string): Promise<{ deleted: true }> {
  const enterpriseId = mainEnterpriseOf(user);
  const rows = await db
    .delete(enterpriseNoticeEmails)
    .where(and(eq(enterpriseNoticeEmails.id, BigInt(id)), eq(enterpriseNoticeEmails.enterpriseId, enterpriseId)))
    .returning({ id: enterpriseNoticeEmails.id });
  if (!rows.length) throw notExist();
  return { deleted: true };
}

export const SUBMITTED_TO_MAIN_TEMPLATE = 'enterprise.orderSubmitted';

/**
 * "Email to main account notification" (SPEC §7): a sub-account handed an order to the main
 * account. Queued in the caller's transaction to the main account(s) and every notice email.
 */
export async function notifyMainAccount(
  tx: Tx,
  a: { enterpriseId: bigint; subName: string; orderCodes: string[]; amount: string; lang: string; site: string },
): Promise<number> {
  const mains = await tx
    .select({ email: users.email })
    .from(users)
    .where(
      and(eq(users.enterpriseId, a.enterpriseId), eq(users.isEnterpriseMain, true), eq(users.userType, 'REGISTERED')),
    );
  const extra = await tx
    .select({ email: enterpriseNoticeEmails.email })
    .from(enterpriseNoticeEmails)
    .where(eq(enterpriseNoticeEmails.enterpriseId, a.enterpriseId));
  const to = [...new Set([...mains.map((m) => m.email), ...extra.map((e) => e.email)].filter((e): e is string => !!e))];
  for (const email of to) {
    await enqueueEmail(tx, {
      to: email,
      template: SUBMITTED_TO_MAIN_TEMPLATE,
      lang: a.lang,
      site: a.site,
      data: { subName: a.subName, orderCodes: a.orderCodes.join(', '), amount: a.amount },
    });
  }
  return to.length;
}

type Texts = { subject: string; body: (sub: string, orders: string, amount: string) => string; action: string };
const TEXTS: Record<string, Texts> = {
  en: {
    subject: 'An order is waiting for your payment',
    body: (s, o, a) => `${s} submitted order ${o} (${a}) to the main account for payment.`,
    action: 'Sign in and open "Pending Main Account Payment" in your orders to pay it.',
  },
  de: {
    subject: 'Eine Bestellung wartet auf Ihre Zahlung',
    body: (s, o, a) => `${s} hat die Bestellung ${o} (${a}) zur Zahlung an das Hauptkonto übergeben.`,
    action:
      'Melden Sie sich an und öffnen Sie in Ihren Bestellungen „Zahlung durch Hauptkonto ausstehend“, um sie zu bezahlen.',
  },
  ja: {
    subject: 'お支払い待ちの注文があります',
    body: (s, o, a) => `${s} が注文 ${o}（${a}）をメインアカウントに支払い依頼しました。`,
    action: 'ログインして注文一覧の「メインアカウント支払い待ち」から支払ってください。',
  },
  es: {
    subject: 'Un pedido espera su pago',
    body: (s, o, a) => `${s} ha enviado el pedido ${o} (${a}) a la cuenta principal para su pago.`,
    action: 'Inicie sesión y abra «Pendiente de pago de la cuenta principal» en sus pedidos para pagarlo.',
  },
  it: {
    subject: 'Un ordine attende il tuo pagamento',
    body: (s, o, a) => `${s} ha inviato l'ordine ${o} (${a}) all'account principale per il pagamento.`,
    action: "Accedi e apri «In attesa di pagamento dell'account principale» nei tuoi ordini per pagarlo.",
  },
  fr: {
    subject: 'Une commande attend votre paiement',
    body: (s, o, a) => `${s} a soumis la commande ${o} (${a}) au compte principal pour paiement.`,
    action:
      'Connectez-vous et ouvrez « En attente de paiement par le compte principal » dans vos commandes pour la payer.',
  },
  nl: {
    subject: 'Een bestelling wacht op uw betaling',
    body: (s, o, a) => `${s} heeft bestelling ${o} (${a}) ter betaling aan het hoofdaccount voorgelegd.`,
    action: 'Log in en open „Wacht op betaling door hoofdaccount” bij uw bestellingen om te betalen.',
  },
};

registerTemplate(SUBMITTED_TO_MAIN_TEMPLATE, ({ lang, data }) => {
  const t = TEXTS[lang] ?? TEXTS.en!;
  return {
    subject: t.subject,
    paragraphs: [t.body(String(data.subName), String(data.orderCodes), String(data.amount)), t.action],
  };
});
