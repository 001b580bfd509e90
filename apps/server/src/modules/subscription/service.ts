/**
 * Marketing subscriptions (SPEC §7): email with double opt-in, SMS on the US site, their check,
 * and the confirm, unsubscribe and STOP paths. Every consent given or withdrawn is written to
 * marketing_consent_events with what the person was shown, when, from where and from which IP:
 * this module is the only writer of both tables.
 *
 * Email: subscribing leaves the address PENDING and queues a confirmation email; only the link in
 * it (a random token) makes it SUBSCRIBED, so nobody can subscribe someone else's inbox. Every
 * message carries a one-click unsubscribe (RFC 8058 List-Unsubscribe and List-Unsubscribe-Post)
 * and a link to the unsubscribe page.
 * SMS: the consent is the checkout's box with the SMS terms; a welcome message says how to stop,
 * and a STOP reply (the SMS provider's inbound route) unsubscribes the number at once.
 */
import crypto from 'node:crypto';
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import {
  CONSENT_TEXTS,
  ERROR_CODES,
  isValidPhone,
  phoneDigits,
  type EmailSubscribeBody,
  type Site,
  type SmsSubscribeBody,
  type SubscriptionCheckBody,
  type SubscriptionLinkResult,
} from '@mall/contracts';
import type { Db, Tx } from '../../db/client.js';
import { marketingConsentEvents, marketingConsents } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { enqueueEmail, enqueueSms } from '../../lib/outbox.js';
import { registerTemplate } from '../../lib/mail-templates.js';
import type { NewsletterMember } from './newsletter.js';

export type Channel = 'EMAIL' | 'SMS';
type Status = 'PENDING' | 'SUBSCRIBED' | 'UNSUBSCRIBED';
export interface ConsentContext {
  site: Site;
  language: string;
  ip: string;
  userId: bigint | null;
  publicUrl: string;
}
/** Tells the newsletter provider (when one is configured) of an email address that became subscribed or unsubscribed; called after commit. */
export type NewsletterSync = (member: NewsletterMember) => void;
const noSync: NewsletterSync = () => {};

/** The language the address subscribed in (its newsletter's language at the provider). */
async function languageOf(db: Db | Tx, consentId: bigint): Promise<string> {
  const [e] = await db
    .select({ language: marketingConsentEvents.language })
    .from(marketingConsentEvents)
    .where(and(eq(marketingConsentEvents.consentId, consentId), eq(marketingConsentEvents.action, 'SUBSCRIBE')))
    .orderBy(desc(marketingConsentEvents.id))
    .limit(1);
  return e?.language ?? 'en';
}

/** A confirmation email is sent again for the same address at most this often (no inbox flooding). */
const CONFIRM_RESEND_MS = 10 * 60_000;
export const CONFIRM_TEMPLATE = 'subscription.confirmEmail';
export const SMS_WELCOME_TEMPLATE = 'subscription.smsWelcome';
export const SMS_STOPPED_TEMPLATE = 'subscription.smsStopped';
export const SMS_HELP_TEMPLATE = 'subscription.smsHelp';

const notOffered = () =>
  new AppError(400, ERROR_CODES.subscriptionNotOffered, 'This site does not offer this subscription');
const newToken = () => crypto.randomBytes(24).toString('base64url');

/** The number in E.164 ("+14155550100"); only the US site takes SMS consent (SPEC §2). */
export function smsAddress(site: Site, mobile: string): string {
  const digits = phoneDigits(mobile).replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (site.code !== 'US' || national.length !== 10 || !isValidPhone('US', national)) {
    throw new AppError(400, ERROR_CODES.mobileFormat, 'Please enter a valid US mobile number');
  }
  return `+1${national}`;
}

async function consentOf(db: Db | Tx, channel: Channel, address: string, site: string) {
  const [row] = await db
    .select()
    .from(marketingConsents)
    .where(
      and(
        eq(marketingConsents.channel, channel),
        eq(marketingConsents.address, address),
        eq(marketingConsents.site, site),
      ),
    );
  return row;
}

/** SPEC §7 check: is this email or number subscribed (or waiting for its confirmation) on the caller's site. */
export async function checkSubscription(db: Db, site: Site, body: SubscriptionCheckBody): Promise<{ value: boolean }> {
  const row = body.email
    ? await consentOf(db, 'EMAIL', body.email, site.code)
    : await consentOf(db, 'SMS', smsAddress(site, body.mobile!), site.code);
  return { value: !!row && row.status !== 'UNSUBSCRIBED' };
}

/**
 * Moves one address to `status` and records why, in one transaction: the row is created or
 * locked first, so two requests for one address leave one row and a consistent log.
 */
async function record(
  tx: Tx,
  channel: Channel,
  address: string,
  ctx: ConsentContext,
  to: Status,
  event: { action: 'SUBSCRIBE' | 'UNSUBSCRIBE'; source: string; name?: string; country?: string },
) {
  const created = await tx
    .insert(marketingConsents)
    .values({
      channel,
      address,
      site: ctx.site.code,
      userId: ctx.userId,
      status: to,
      token: newToken(),
      name: event.name ?? null,
      country: event.country ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: marketingConsents.id });
  const [row] = await tx
    .select()
    .from(marketingConsents)
    .where(
      and(
        eq(marketingConsents.channel, channel),
        eq(marketingConsents.address, address),
        eq(marketingConsents.site, ctx.site.code),
      ),
    )
    .for('update');
  const before: Status | 'NONE' = created.length ? 'NONE' : row!.status;
  // An email subscription already confirmed stays confirmed; a new or withdrawn one waits for the link.
  const next: Status = to === 'PENDING' && before === 'SUBSCRIBED' ? 'SUBSCRIBED' : to;
  await tx
    .update(marketingConsents)
    .set({
      status: next,
      updatedAt: new Date(),
      userId: row!.userId ?? ctx.userId,
      name: event.name ?? row!.name,
      country: event.country ?? row!.country,
    })
    .where(eq(marketingConsents.id, row!.id));
  await tx.insert(marketingConsentEvents).values({
    consentId: row!.id,
    action: event.action,
    source: event.source,
    ip: ctx.ip,
    language: ctx.language,
    textShown: event.action === 'SUBSCRIBE' ? CONSENT_TEXTS[channel] : null,
    detail: { from: before, to: next },
  });
  return { row: row!, before, status: next };
}

/** Links of one consent: the confirm page (email), the unsubscribe page, and the RFC 8058 one-click endpoint. */
export function linksOf(publicUrl: string, token: string) {
  const base = publicUrl.replace(/\/$/, '');
  return {
    confirm: `${base}/subscription/confirm?token=${token}`,
    unsubscribe: `${base}/subscription/unsubscribe?token=${token}`,
    oneClick: `${base}/api/subscription/one-click?token=${token}`,
  };
}

/** SPEC §7 subscribe by email (source CHECK_OUT_NOW at checkout). */
export async function subscribeEmail(
  db: Db,
  ctx: ConsentContext,
  body: EmailSubscribeBody,
  sync: NewsletterSync = noSync,
): Promise<{ status: Status }> {
  if (!ctx.site.features.emailSubscribe) throw notOffered();
  if (!body.subscribe) {
    const withdrawn = await db.transaction(async (tx) => {
      if (!(await consentOf(tx, 'EMAIL', body.email, ctx.site.code))) return null;
      return record(tx, 'EMAIL', body.email, ctx, 'UNSUBSCRIBED', { action: 'UNSUBSCRIBE', source: body.source });
    });
    if (withdrawn?.before === 'SUBSCRIBED')
      sync({ email: body.email, name: withdrawn.row.name, language: ctx.language, status: 'unsubscribed' });
    return { status: 'UNSUBSCRIBED' };
  }
  return db.transaction(async (tx) => {
    const sentLately = await tx
      .select({ id: marketingConsentEvents.id })
      .from(marketingConsentEvents)
      .innerJoin(marketingConsents, eq(marketingConsents.id, marketingConsentEvents.consentId))
      .where(
        and(
          eq(marketingConsents.channel, 'EMAIL'),
          eq(marketingConsents.address, body.email),
          eq(marketingConsents.site, ctx.site.code),
          eq(marketingConsentEvents.action, 'SUBSCRIBE'),
          gt(marketingConsentEvents.createdAt, new Date(Date.now() - CONFIRM_RESEND_MS)),
        ),
      )
      .limit(1);
    const r = await record(tx, 'EMAIL', body.email, ctx, 'PENDING', {
      action: 'SUBSCRIBE',
      source: body.source,
      name: body.name,
      country: body.country,
    });
    if (r.status === 'PENDING' && !sentLately.length) {
      const links = linksOf(ctx.publicUrl, r.row.token);
      await enqueueEmail(tx, {
        to: body.email,
        template: CONFIRM_TEMPLATE,
        lang: ctx.language,
        site: ctx.site.code,
        data: { name: body.name ?? '', confirmUrl: links.confirm, unsubscribeUrl: links.unsubscribe },
        headers: { 'List-Unsubscribe': `<${links.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
    }
    return { status: r.status };
  });
}

/** SPEC §7 subscribe by SMS (the US site's checkout box). */
export async function subscribeSms(db: Db, ctx: ConsentContext, body: SmsSubscribeBody): Promise<{ status: Status }> {
  if (!ctx.site.features.smsSubscribe) throw notOffered();
  const address = smsAddress(ctx.site, body.mobile);
  return db.transaction(async (tx) => {
    if (!body.subscrible) {
      if (!(await consentOf(tx, 'SMS', address, ctx.site.code))) return { status: 'UNSUBSCRIBED' as const };
      return {
        status: (await record(tx, 'SMS', address, ctx, 'UNSUBSCRIBED', { action: 'UNSUBSCRIBE', source: body.source }))
          .status,
      };
    }
    const r = await record(tx, 'SMS', address, ctx, 'SUBSCRIBED', {
      action: 'SUBSCRIBE',
      source: body.source,
      country: body.country,
    });
    if (r.before !== 'SUBSCRIBED' && body.sendPhoneMessage !== false) {
      await enqueueSms(tx, { to: address, template: SMS_WELCOME_TEMPLATE, lang: ctx.language, site: ctx.site.code });
    }
    return { status: r.status };
  });
}

async function byToken(tx: Tx, token: string) {
  const [row] = await tx.select().from(marketingConsents).where(eq(marketingConsents.token, token)).for('update');
  if (!row) throw new AppError(404, ERROR_CODES.subscriptionLinkInvalid, 'This link is not valid');
  return row;
}
const linkResult = (row: { status: Status; channel: Channel; address: string }): SubscriptionLinkResult => ({
  status: row.status,
  channel: row.channel,
  address: maskAddress(row.channel, row.address),
});
/** The page shows whose subscription it is without giving the whole address to whoever holds the link. */
export function maskAddress(channel: Channel, address: string): string {
  if (channel === 'SMS') return `•••${address.slice(-4)}`;
  const [local = '', domain = ''] = address.split('@');
  return `${local.slice(0, 2)}•••@${domain}`;
}

/** The link in the confirmation email: PENDING becomes SUBSCRIBED; a withdrawn subscription is not revived by an old link. */
export async function confirmByToken(
  db: Db,
  token: string,
  ip: string,
  sync: NewsletterSync = noSync,
): Promise<SubscriptionLinkResult> {
  const { row, changed } = await db.transaction(async (tx) => {
    const row = await byToken(tx, token);
    if (row.status !== 'PENDING') return { row, changed: false };
    await tx
      .update(marketingConsents)
      .set({ status: 'SUBSCRIBED', updatedAt: new Date() })
      .where(eq(marketingConsents.id, row.id));
    await tx
      .insert(marketingConsentEvents)
      .values({
        consentId: row.id,
        action: 'CONFIRM',
        source: 'EMAIL_LINK',
        ip,
        detail: { from: row.status, to: 'SUBSCRIBED' },
      });
    return { row: { ...row, status: 'SUBSCRIBED' as const }, changed: true };
  });
  if (changed && row.channel === 'EMAIL')
    sync({ email: row.address, name: row.name, language: await languageOf(db, row.id), status: 'subscribed' });
  return linkResult(row);
}

/** The unsubscribe page's button, or a mail client's one-click POST (RFC 8058): no sign-in, the token is the proof. */
export async function unsubscribeByToken(
  db: Db,
  token: string,
  ip: string,
  source: 'UNSUBSCRIBE_PAGE' | 'ONE_CLICK',
  sync: NewsletterSync = noSync,
): Promise<SubscriptionLinkResult> {
  const { row, before } = await db.transaction(async (tx) => {
    const row = await byToken(tx, token);
    if (row.status === 'UNSUBSCRIBED') return { row, before: row.status };
    await tx
      .update(marketingConsents)
      .set({ status: 'UNSUBSCRIBED', updatedAt: new Date() })
      .where(eq(marketingConsents.id, row.id));
    await tx
      .insert(marketingConsentEvents)
      .values({
        consentId: row.id,
        action: 'UNSUBSCRIBE',
        source,
        ip,
        detail: { from: row.status, to: 'UNSUBSCRIBED' },
      });
    return { row: { ...row, status: 'UNSUBSCRIBED' as const }, before: row.status };
  });
  if (before === 'SUBSCRIBED' && row.channel === 'EMAIL')
    sync({ email: row.address, name: row.name, language: await languageOf(db, row.id), status: 'unsubscribed' });
  return linkResult(row);
}

/** The CTIA keywords: any of them alone stops every message to the number; HELP answers with how to stop. */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE']);
const HELP_WORDS = new Set(['HELP', 'INFO']);

/** A text the SMS provider received from a number: STOP unsubscribes it on every site and confirms once; HELP answers. */
export async function inboundSms(db: Db, from: string, text: string): Promise<'stopped' | 'help' | 'ignored'> {
  const word = text
    .trim()
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
  const address = `+${phoneDigits(from).replace(/\D/g, '')}`;
  if (HELP_WORDS.has(word)) {
    await enqueueSms(db, { to: address, template: SMS_HELP_TEMPLATE, lang: 'en' });
    return 'help';
  }
  if (!STOP_WORDS.has(word)) return 'ignored';
  await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(marketingConsents)
      .where(and(eq(marketingConsents.channel, 'SMS'), eq(marketingConsents.address, address)))
      .for('update');
    const active = rows.filter((r) => r.status !== 'UNSUBSCRIBED');
    if (active.length) {
      await tx
        .update(marketingConsents)
        .set({ status: 'UNSUBSCRIBED', updatedAt: new Date() })
        .where(
          inArray(
            marketingConsents.id,
            active.map((r) => r.id),
          ),
        );
      await tx
        .insert(marketingConsentEvents)
        .values(
          active.map((r) => ({
            consentId: r.id,
            action: 'STOP' as const,
            source: 'SMS_REPLY',
            detail: { from: r.status, to: 'UNSUBSCRIBED', text: text.slice(0, 160) },
          })),
        );
    }
    // One confirmation, as the carriers require, even for a number the shop did not know.
    await enqueueSms(tx, { to: address, template: SMS_STOPPED_TEMPLATE, lang: 'en' });
  });
  return 'stopped';
}

const CONFIRM_TEXTS: Record<string, { subject: string; body: string; button: string; unsubscribe: string }> = {
  en: {
    subject: 'Please confirm your newsletter subscription',
    body: 'You asked to receive news and offers by email. Confirm with this link:',
    button: 'Confirm subscription',
    unsubscribe: 'Not you, or changed your mind? Unsubscribe:',
  },
  de: {
    subject: 'Bitte bestätigen Sie Ihr Newsletter-Abonnement',
    body: 'Sie möchten Neuigkeiten und Angebote per E-Mail erhalten. Bestätigen Sie mit diesem Link:',
    button: 'Abonnement bestätigen',
    unsubscribe: 'Nicht Sie, oder anders entschieden? Abmelden:',
  },
  ja: {
    subject: 'ニュースレター購読の確認をお願いします',
    body: 'メールでのお知らせとお得な情報の受け取りが申し込まれました。次のリンクで確認してください:',
    button: '購読を確認',
    unsubscribe: 'お心当たりがない場合や解除する場合:',
  },
  es: {
    subject: 'Confirme su suscripción al boletín',
    body: 'Ha pedido recibir novedades y ofertas por correo. Confirme con este enlace:',
    button: 'Confirmar suscripción',
    unsubscribe: '¿No fue usted o cambió de idea? Darse de baja:',
  },
  it: {
    subject: 'Conferma la tua iscrizione alla newsletter',
    body: 'Hai chiesto di ricevere novità e offerte via email. Conferma con questo link:',
    button: 'Conferma iscrizione',
    unsubscribe: 'Non sei stato tu o hai cambiato idea? Annulla l’iscrizione:',
  },
  fr: {
    subject: 'Confirmez votre inscription à la newsletter',
    body: 'Vous avez demandé à recevoir nos nouveautés et offres par e-mail. Confirmez avec ce lien :',
    button: 'Confirmer l’inscription',
    unsubscribe: 'Ce n’était pas vous, ou vous avez changé d’avis ? Se désabonner :',
  },
  nl: {
    subject: 'Bevestig uw aanmelding voor de nieuwsbrief',
    body: 'U wilt nieuws en aanbiedingen per e-mail ontvangen. Bevestig met deze link:',
    button: 'Aanmelding bevestigen',
    unsubscribe: 'Was u dit niet, of bedacht? Afmelden:',
  },
};
registerTemplate(CONFIRM_TEMPLATE, ({ lang, data }) => {
  const t = CONFIRM_TEXTS[lang] ?? CONFIRM_TEXTS.en!;
  return {
    subject: t.subject,
    paragraphs: [t.body, String(data.confirmUrl), t.unsubscribe, String(data.unsubscribeUrl)],
  };
});
registerTemplate(SMS_WELCOME_TEMPLATE, () => ({
  subject: 'Subscribed',
  paragraphs: [
    'you are subscribed to offers and order news. Msg frequency varies. Msg & data rates may apply. Reply HELP for help, STOP to cancel.',
  ],
}));
registerTemplate(SMS_STOPPED_TEMPLATE, () => ({
  subject: 'Unsubscribed',
  paragraphs: ['you are unsubscribed and will receive no more marketing messages. Reply HELP for help.'],
}));
registerTemplate(SMS_HELP_TEMPLATE, () => ({
  subject: 'Help',
  paragraphs: [
    'offers and order news. Msg & data rates may apply. Reply STOP to cancel. Help: see the SMS terms on our site.',
  ],
}));
