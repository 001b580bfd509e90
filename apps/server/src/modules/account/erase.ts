/**
 * What deleting an account erases, everywhere the shop stores it (docs/privacy.md lists every
 * table, what is kept, for how long and why). Runs inside the deletion's transaction; the files
 * to remove and the card tokens to detach are returned, for after commit.
 *
 * Kept: orders with their items, amounts and statuses (the seller's and the books' records) under
 * "Deleted user", with only the country and state that decided their tax; the invoice's billing
 * name and address of paid orders, until RETENTION_YEARS after the year of payment (then
 * `eraseExpiredInvoiceData` replaces them too); reviews' text and rating, shown as "Deleted user".
 */
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { DELETED_USER_NAME, phoneDestination } from '@mall/contracts';
import type { Db, Tx } from '../../db/client.js';
import {
  addresses,
  cards,
  cartLines,
  devMailbox,
  enterpriseNoticeEmails,
  loginFailures,
  merchantApplications,
  oidcAuthStates,
  outboxMessages,
  passwordResetTokens,
  preTradeRequests,
  riskScreenings,
  sessions,
  thirdPartyIdentities,
  tradeContracts,
  tradeOrders,
  customsDeclarations,
  uploads,
  userCertificates,
  userProfiles,
  users,
  verificationCodes,
} from '../../db/schema/index.js';
import type { UserRow } from '../../lib/session.js';
import { closeUnpaidContract } from '../trade/transitions.js';
import { ensureProfile } from './profile.js';

/**
 * Years an invoice's billing name and address are kept after the end of the year it was paid:
 * the longest period the shop's sites' laws ask of accounting records (Germany: books 10 years,
 * invoices 8, HGB §257, AO §147, UStG §14b; Japan: up to 10 years). See docs/privacy.md.
 */
export const RETENTION_YEARS = 10;
/** The daily job that runs `eraseExpiredInvoiceData`. */
export const INVOICE_RETENTION_QUEUE = 'invoice-retention';

/** Keys of a checkout's submit payload that say nothing about the buyer (lines, choices, totals); every other key goes. */
const PAYLOAD_KEPT_KEYS = [
  'orderSource',
  'previewTradeContractLineReqTOList',
  'preCalShippingList',
  'pickUpStoreId',
  'pickUpStoreSnapShot',
  'promotionCodeList',
  'couponIds',
  'noUsePlatformCoupon',
  'enablePointDeduction',
  'usedPointNum',
  'shippingTimeInfo',
  'tradeSource',
  'site',
  'tradeOrderReqList',
  'hearFrom',
  'privacyAgreed',
  'smsSubscribe',
  'needPayAmt',
  'shippingAmt',
  'totalTaxAmt',
  'seeded',
];
/** Of each shop's part of the payload: the shop and its lines (the remark, free text, goes). */
const PAYLOAD_ORDER_KEPT_KEYS = ['shopId', 'sellerId', 'lines'];

const textArray = (values: string[]) =>
  sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** The object's keys in `keep` only (non-objects become {}). */
const onlyKeys = (value: SQL, keep: string[]) => sql`(SELECT coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb)
  FROM jsonb_each(CASE WHEN jsonb_typeof(${value}) = 'object' THEN ${value} ELSE '{}'::jsonb END) e WHERE e.key = ANY(${textArray(keep)}))`;

const PSEUDONYMOUS_PAYLOAD = sql`(SELECT coalesce(jsonb_object_agg(p.key, CASE WHEN p.key = 'tradeOrderReqList' AND jsonb_typeof(p.value) = 'array'
    THEN (SELECT coalesce(jsonb_agg(${onlyKeys(sql`r.value`, PAYLOAD_ORDER_KEPT_KEYS)}), '[]'::jsonb) FROM jsonb_array_elements(p.value) r)
    ELSE p.value END), '{}'::jsonb)
  FROM jsonb_each(${onlyKeys(sql`${tradeContracts.payload}`, PAYLOAD_KEPT_KEYS)}) p)`;

/**
 * An order address snapshot with the person gone: "Deleted user", no phone, email, street,
 * city or postal code; the country and state stay (they decided the order's tax). Same shape
 * as before, so every reader of the snapshot keeps working.
 */
export function pseudonymousAddress(a: SQL): SQL {
  return sql`jsonb_build_object(
    'id', '', 'firstName', ${DELETED_USER_NAME}::text, 'lastName', '', 'personName', ${DELETED_USER_NAME}::text, 'gender', 'UN_KNOW',
    'personPhone', '', 'areaCode', null, 'email', '',
    'countryId', ${a}->'countryId', 'country', ${a}->'country', 'region', ${a}->'region', 'province', ${a}->'province', 'provinceId', ${a}->'provinceId',
    'city', '', 'cityId', null, 'districtList', '[]'::jsonb, 'postalCode', '', 'poiName', '', 'detailAddress', '', 'company', null, 'taxCode', null,
    'addressType', ${a}->'addressType', 'isDefault', false, 'subscribe', false, 'addressStatus', ${a}->'addressStatus', 'site', ${a}->'site',
    'hearFrom', null, 'hearFromInput', null, 'addressLatitude', null, 'addressLongitude', null)`;
}

/** What an invoice must name (UStG §14 (4): the recipient's full name and address): the rest of the snapshot goes. */
function invoiceAddress(a: SQL): SQL {
  return sql`(${pseudonymousAddress(a)} || jsonb_build_object(
    'firstName', ${a}->'firstName', 'lastName', ${a}->'lastName', 'personName', ${a}->'personName', 'company', ${a}->'company', 'taxCode', ${a}->'taxCode',
    'city', ${a}->'city', 'cityId', ${a}->'cityId', 'districtList', coalesce(${a}->'districtList', '[]'::jsonb), 'postalCode', ${a}->'postalCode',
    'poiName', ${a}->'poiName', 'detailAddress', ${a}->'detailAddress'))`;
}

const isObject = (v: SQL) => sql`jsonb_typeof(${v}) = 'object'`;
const invoiced = sql`EXISTS (SELECT 1 FROM trade_orders io WHERE io.contract_id = ${tradeContracts.id} AND io.invoice_url IS NOT NULL)`;

/** An upload's URL as the shop answers it, to its storage keys (a review photo has a thumbnail beside it); null for bundled demo media. */
export function storageKeysOf(url: string): string[] {
  const m = /^\/uploads\/((?:reviews\/)?[\w-]+\.\w+)$/.exec(url);
  if (!m) return [];
  const key = m[1]!;
  return /-d\.webp$/.test(key) ? [key, key.replace(/-d\.webp$/, '-t.webp')] : [key];
}

export interface Erased {
  /** Storage keys of the account's files, to delete after commit. */
  files: string[];
  /** Saved cards' provider tokens, to detach after commit. */
  cardTokens: { provider: string; token: string }[];
}

/**
 * Erases or pseudonymises the account's personal data. The caller holds the user row's lock and
 * has checked that no money is moving and nothing is left to ship.
 */
export async function erasePersonalData(tx: Tx, user: UserRow, now = new Date()): Promise<Erased> {
  const destinations = [
    user.email,
    user.phone && user.phonePrefix ? phoneDestination(user.phonePrefix, user.phone) : null,
  ].filter((d): d is string => !!d);
  const lowerDestinations = destinations.map((d) => d.toLowerCase());
  const toDestination = (column: SQL) =>
    lowerDestinations.length
      ? sql`lower(${column}) IN (${sql.join(
          lowerDestinations.map((d) => sql`${d}`),
          sql`, `,
        )})`
      : sql`false`;

  // Unpaid orders will never be paid now: they close as a buyer's cancel would (stock, coupons and points go back).
  const unpaid = await tx
    .selectDistinct({ contractId: tradeOrders.contractId })
    .from(tradeOrders)
    .where(and(eq(tradeOrders.buyerId, user.id), inArray(tradeOrders.status, ['PENDING_PAY', 'PENDING_DEPOSIT'])));
  for (const { contractId } of unpaid) await closeUnpaidContract(tx, contractId, 'BUYER_CANCEL_BEFORE_PAY', now);

  // Files the account uploaded: recorded with their owner, or referred to by its reviews, after-sales and payments
  // (each statement returns the references it cleared, as they were).
  const urls = new Set<string>();
  for (const u of await tx.delete(uploads).where(eq(uploads.ownerId, user.id)).returning({ url: uploads.url }))
    urls.add(u.url);
  const cleared = await tx.execute<{ url: string | null }>(sql`
    WITH reviews AS (
      UPDATE comments c SET images = '[]'::jsonb FROM (SELECT id, images FROM comments WHERE buyer_id = ${user.id} AND images <> '[]'::jsonb FOR UPDATE) old
      WHERE c.id = old.id RETURNING old.images),
    -- The buyer's words and photos on after-sales go; types, amounts and statuses stay for the seller and the books.
    reverses AS (
      UPDATE reverse_trade_orders r SET reverse_text = NULL, attachments = '[]'::jsonb
      FROM (SELECT id, attachments FROM reverse_trade_orders WHERE buyer_id = ${user.id} FOR UPDATE) old WHERE r.id = old.id RETURNING old.attachments),
    proofs AS (
      UPDATE payment_records p SET proof_url = NULL FROM (SELECT id, proof_url FROM payment_records WHERE buyer_id = ${user.id} AND proof_url IS NOT NULL FOR UPDATE) old
      WHERE p.id = old.id RETURNING old.proof_url)
    SELECT i->>'url' AS url FROM reviews, jsonb_array_elements(images) i
    UNION ALL SELECT i->>'thumbUrl' FROM reviews, jsonb_array_elements(images) i
    UNION ALL SELECT a #>> '{}' FROM reverses, jsonb_array_elements(attachments) a
    UNION ALL SELECT proof_url FROM proofs`);
  for (const r of cleared.rows) if (r.url) urls.add(r.url);

  const gone = await tx
    .delete(cards)
    .where(eq(cards.buyerId, user.id))
    .returning({ token: cards.payCenterToken, provider: cards.provider });
  await tx.delete(addresses).where(eq(addresses.buyerId, user.id));
  await tx.delete(userCertificates).where(eq(userCertificates.buyerId, user.id));
  // Cross-border orders keep their customs amounts and HS codes; the certificate holder's name and number go.
  await tx
    .update(customsDeclarations)
    .set({ certificateName: null, certificateNumberMasked: null })
    .where(eq(customsDeclarations.buyerId, user.id));
  // Risk decisions keep their score, reasons and outcome (the operator's record); what identifies the buyer goes.
  await tx
    .update(riskScreenings)
    .set({ email: null, ip: null, deviceId: null })
    .where(eq(riskScreenings.buyerId, user.id));
  await tx.delete(cartLines).where(eq(cartLines.buyerId, user.id));
  await tx.delete(preTradeRequests).where(eq(preTradeRequests.buyerId, user.id));
  await tx.delete(thirdPartyIdentities).where(eq(thirdPartyIdentities.userId, user.id));
  await tx.delete(oidcAuthStates).where(eq(oidcAuthStates.userId, user.id));
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
  await tx.delete(sessions).where(eq(sessions.userId, user.id));
  // A request to become a seller that made no shop; an accepted one is the shop's record.
  await tx
    .delete(merchantApplications)
    .where(and(eq(merchantApplications.userId, user.id), sql`${merchantApplications.status} <> 'pass'`));

  // Codes, messages (sent or not), caught mail, login counters and rate-limit counters naming the account's email or phone.
  await tx
    .delete(verificationCodes)
    .where(or(eq(verificationCodes.userId, user.id), toDestination(sql`${verificationCodes.destination}`)));
  await tx.delete(outboxMessages).where(toDestination(sql`${outboxMessages.destination}`));
  await tx.delete(devMailbox).where(toDestination(sql`${devMailbox.toAddress}`));
  if (user.email) {
    await tx.delete(loginFailures).where(sql`lower(${loginFailures.email}) = ${user.email.toLowerCase()}`);
    await tx
      .delete(enterpriseNoticeEmails)
      .where(sql`lower(${enterpriseNoticeEmails.email}) = ${user.email.toLowerCase()}`);
  }
  for (const d of destinations)
    await tx.execute(sql`DELETE FROM rate_limit_hits WHERE strpos(lower(key), ${d.toLowerCase()}) > 0`);

  await ensureProfile(tx, user.id);
  await tx
    .update(userProfiles)
    .set({ firstName: '', lastName: '', gender: null, birthday: null, language: null, deletedAt: now, updatedAt: now })
    .where(eq(userProfiles.userId, user.id));

  // Orders stay for the seller and the books, under the pseudonym; a paid order's invoice keeps whom it billed.
  await tx
    .update(tradeOrders)
    .set({ remark: null })
    .where(and(eq(tradeOrders.buyerId, user.id), sql`${tradeOrders.remark} IS NOT NULL`));
  const selected = sql`${tradeContracts.selectedAddress}`;
  const billing = sql`${tradeContracts.billingAddress}`;
  await tx
    .update(tradeContracts)
    .set({
      payload: PSEUDONYMOUS_PAYLOAD,
      billingAddress: sql`CASE
      WHEN ${invoiced} AND ${isObject(billing)} THEN ${invoiceAddress(billing)}
      WHEN ${invoiced} AND ${isObject(selected)} THEN ${invoiceAddress(selected)}
      WHEN ${isObject(billing)} THEN ${pseudonymousAddress(billing)}
      ELSE NULL END`,
      selectedAddress: sql`CASE WHEN ${isObject(selected)} THEN ${pseudonymousAddress(selected)} ELSE ${selected} END`,
    })
    .where(eq(tradeContracts.buyerId, user.id));

  await tx
    .update(users)
    .set({ email: null, phone: null, phonePrefix: null, passwordHash: null, nickname: DELETED_USER_NAME })
    .where(eq(users.id, user.id));

  const files = [...urls].flatMap(storageKeysOf);
  return {
    files: [...new Set(files)],
    cardTokens: gone.flatMap((c) => (c.token ? [{ provider: c.provider, token: c.token }] : [])),
  };
}

/**
 * The invoices of deleted accounts whose retention ended (paid before the start of the year
 * RETENTION_YEARS + 1 years back) lose their billing name and address too. Daily job; returns
 * the contracts changed.
 */
export async function eraseExpiredInvoiceData(db: Db, now = new Date()): Promise<number> {
  const billing = sql`${tradeContracts.billingAddress}`;
  const cutoff = new Date(Date.UTC(now.getUTCFullYear() - RETENTION_YEARS, 0, 1));
  const changed = await db
    .update(tradeContracts)
    .set({ billingAddress: pseudonymousAddress(billing) })
    .where(
      and(
        isObject(billing),
        sql`${billing}->>'personName' IS DISTINCT FROM ${DELETED_USER_NAME}`,
        sql`EXISTS (SELECT 1 FROM user_profiles p WHERE p.user_id = ${tradeContracts.buyerId} AND p.deleted_at IS NOT NULL)`,
        sql`NOT EXISTS (SELECT 1 FROM trade_orders o WHERE o.contract_id = ${tradeContracts.id} AND coalesce(o.paid_at, o.created_at) >= ${cutoff})`,
      ),
    )
    .returning({ id: tradeContracts.id });
  return changed.length;
}
