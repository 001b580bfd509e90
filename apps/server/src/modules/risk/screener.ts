/**
 * Who scores an order. The shop's own rules (packages/domain risk.ts) are the default; a
 * screening service (Stripe Radar's outcome, a fraud API) implements RiskScreener instead and is
 * passed to the app (AppOptions.risk.screener). The server gathers the signals either way.
 */
import { sql } from 'drizzle-orm';
import { DEFAULT_RISK_RULES, scoreRisk, type RiskRules, type RiskSignals } from '@mall/domain';
import type { SiteCode } from '@mall/contracts';
import type { Db } from '../../db/client.js';

export interface RiskInput {
  contractId: bigint;
  buyerId: bigint;
  site: SiteCode;
  ip: string | null;
  deviceId: string | null;
  signals: RiskSignals;
}

export interface RiskVerdict {
  score: number;
  /** Reason codes with their points (a provider's own codes are kept as they are). */
  reasons: { code: string; points: number }[];
  /** A provider that decides itself (e.g. Radar's "elevated"): hold regardless of the threshold. */
  hold?: boolean;
}

export interface RiskScreener {
  /** Stored with each screening ('rules', or the provider's name). */
  readonly name: string;
  screen(input: RiskInput): Promise<RiskVerdict>;
}

/** The default screener: the shop's rules. */
export function ruleScreener(rules: RiskRules = DEFAULT_RISK_RULES): RiskScreener {
  return { name: 'rules', screen: async (input) => scoreRisk(input.signals, rules) };
}

/** RISK_HOLD_THRESHOLD (a whole number of points; unset or not a number: the rules' default, 70). */
export function riskThresholdFrom(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.RISK_HOLD_THRESHOLD);
  return env.RISK_HOLD_THRESHOLD && Number.isInteger(n) && n > 0 ? n : DEFAULT_RISK_RULES.threshold;
}

/** The email a contract's order goes to: the one typed in the address, else the account's. */
export const emailOf = (address: unknown, accountEmail: string | null): string | null =>
  ((address as { email?: string } | null)?.email || accountEmail || null)?.trim().toLowerCase() ?? null;

/**
 * What the rules look at for a placed contract, read in one statement: the account's age and
 * paid orders, the addresses' countries, and the last hour's orders by buyer, email, IP and
 * device, the buyer's new cards and distinct shipping addresses (this contract counts in all).
 * Orders count when they were screened: placed through checkout on a site that screens (demo
 * data and other sites' orders do not make a buyer look busy).
 */
export async function gatherSignals(
  db: Db,
  c: { id: bigint; buyerId: bigint; currency: string; needPayAmtMinor: bigint },
  ip: string | null,
  deviceId: string | null,
): Promise<{ signals: RiskSignals; email: string | null }> {
  const r = await db.execute<{
    account_age_days: number;
    account_email: string | null;
    address: unknown;
    ship_country: string | null;
    bill_country: string | null;
    paid_before: number;
    by_buyer: number;
    addresses: number;
    cards: number;
  }>(sql`
    WITH c AS (SELECT * FROM trade_contracts WHERE id = ${String(c.id)}::bigint),
    recent AS (SELECT * FROM trade_contracts t WHERE buyer_id = ${String(c.buyerId)}::bigint AND created_at > now() - interval '1 hour'
      AND (id = ${String(c.id)}::bigint OR EXISTS (SELECT 1 FROM risk_screenings r WHERE r.contract_id = t.id)))
    SELECT
      extract(epoch FROM now() - u.created_at)::float / 86400 AS account_age_days,
      u.email AS account_email,
      c.selected_address AS address,
      c.selected_address #>> '{region,regionShortName}' AS ship_country,
      c.billing_address #>> '{region,regionShortName}' AS bill_country,
      (SELECT count(*)::int FROM trade_contracts p WHERE p.buyer_id = c.buyer_id AND p.status = 'PAID' AND p.id <> c.id) AS paid_before,
      (SELECT count(*)::int FROM recent) AS by_buyer,
      (SELECT count(DISTINCT lower(concat_ws('|', selected_address ->> 'poiName', selected_address ->> 'detailAddress', selected_address ->> 'postalCode', selected_address #>> '{region,regionShortName}')))::int FROM recent) AS addresses,
      (SELECT count(*)::int FROM cards k WHERE k.buyer_id = c.buyer_id AND k.created_at > now() - interval '1 hour') AS cards
    FROM c JOIN users u ON u.id = c.buyer_id`);
  const row = r.rows[0];
  if (!row) throw new Error(`contract ${c.id} not found for risk screening`);
  const email = emailOf(row.address, row.account_email);
  // Email, IP and device are counted over earlier screenings (what they saw), plus this order.
  const seen = await db.execute<{ by_email: number; by_ip: number; by_device: number }>(sql`
    SELECT
      (SELECT count(*)::int FROM risk_screenings WHERE ${email}::text IS NOT NULL AND email = ${email} AND created_at > now() - interval '1 hour') AS by_email,
      (SELECT count(*)::int FROM risk_screenings WHERE ${ip}::text IS NOT NULL AND ip = ${ip} AND created_at > now() - interval '1 hour') AS by_ip,
      (SELECT count(*)::int FROM risk_screenings WHERE ${deviceId}::text IS NOT NULL AND device_id = ${deviceId} AND created_at > now() - interval '1 hour') AS by_device`);
  const s = seen.rows[0]!;
  return {
    email,
    signals: {
      currency: c.currency,
      amountMinor: c.needPayAmtMinor,
      accountAgeDays: Number(row.account_age_days),
      paidOrdersBefore: Number(row.paid_before),
      shippingCountry: row.ship_country,
      billingCountry: row.bill_country,
      email,
      ordersByBuyer: Number(row.by_buyer),
      ordersByEmail: Number(s.by_email) + 1,
      ordersByIp: Number(s.by_ip) + 1,
      ordersByDevice: deviceId ? Number(s.by_device) + 1 : null,
      cardsByBuyer: Number(row.cards),
      addressesByBuyer: Number(row.addresses),
    },
  };
}
