/**
 * Who scores an order. The shop's own rules (packages/domain risk.ts) are the default; a
 * screening service (Stripe Radar's outcome, a fraud API) implements RiskScreener instead and is
 * passed to the app (AppOptions.risk.screener). The server gathers the signals either way.
 */
import { DEFAULT_RISK_RULES, scoreRisk, type RiskRules, type RiskSignals } from '@mall/domain';
import type { SiteCode } from '@mall/contracts';

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
  return { name: 'rules', screen: (input) => Promise.resolve(scoreRisk(input.signals, rules)) };
}

/** RISK_HOLD_THRESHOLD (a whole number of points; unset or not a number: the rules' default, 70). */
export function riskThresholdFrom(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.RISK_HOLD_THRESHOLD);
  return env.RISK_HOLD_THRESHOLD && Number.isInteger(n) && n > 0 ? n : DEFAULT_RISK_RULES.threshold;
}

/**
 * What the rules look at for a placed contract, in one named statement (a submit's hot path):
 * whether it was screened already, the contract, the account's age and paid orders, the
 * addresses' countries, and the last hour's orders by buyer, email, IP and device, the buyer's
 * new cards and distinct shipping addresses (this contract counts in all). Orders count when
 * they were screened: placed through checkout on a site that screens (demo data and other
 * sites' orders do not make a buyer look busy). $1 contract id, $2 IP, $3 device id.
 */
export const SIGNALS = {
  name: 'risk_signals',
  text: `WITH c AS (SELECT * FROM trade_contracts WHERE id = $1::bigint),
u AS (SELECT u.* FROM users u JOIN c ON u.id = c.buyer_id),
m AS (SELECT lower(trim(coalesce(nullif(c.selected_address ->> 'email', ''), (SELECT email FROM u)))) AS email FROM c),
recent AS (SELECT * FROM trade_contracts t WHERE t.buyer_id = (SELECT buyer_id FROM c) AND t.created_at > now() - interval '1 hour'
  AND (t.id = $1::bigint OR EXISTS (SELECT 1 FROM risk_screenings r WHERE r.contract_id = t.id)))
SELECT
  (SELECT outcome FROM risk_screenings WHERE contract_id = $1::bigint) AS screened,
  c.buyer_id::text AS buyer_id, c.status, c.currency, c.need_pay_amt_minor::text AS need_pay_minor,
  c.is_free_trade, c.presale_stage, c.trade_type,
  extract(epoch FROM now() - (SELECT created_at FROM u))::float8 / 86400 AS account_age_days,
  (SELECT email FROM m) AS email,
  c.selected_address #>> '{region,regionShortName}' AS ship_country,
  c.billing_address #>> '{region,regionShortName}' AS bill_country,
  (SELECT count(*)::int FROM trade_contracts p WHERE p.buyer_id = c.buyer_id AND p.status = 'PAID' AND p.id <> c.id) AS paid_before,
  (SELECT count(*)::int FROM recent) AS by_buyer,
  (SELECT count(DISTINCT lower(concat_ws('|', selected_address ->> 'poiName', selected_address ->> 'detailAddress',
    selected_address ->> 'postalCode', selected_address #>> '{region,regionShortName}')))::int FROM recent) AS addresses,
  (SELECT count(*)::int FROM cards k WHERE k.buyer_id = c.buyer_id AND k.created_at > now() - interval '1 hour') AS cards,
  (SELECT count(*)::int FROM risk_screenings r, m WHERE m.email IS NOT NULL AND r.email = m.email AND r.created_at > now() - interval '1 hour') AS by_email,
  (SELECT count(*)::int FROM risk_screenings r WHERE $2::text IS NOT NULL AND r.ip = $2::text AND r.created_at > now() - interval '1 hour') AS by_ip,
  (SELECT count(*)::int FROM risk_screenings r WHERE $3::text IS NOT NULL AND r.device_id = $3::text AND r.created_at > now() - interval '1 hour') AS by_device
FROM c`,
};

export interface SignalsRow {
  screened: string | null;
  buyer_id: string;
  status: string;
  currency: string;
  need_pay_minor: string;
  is_free_trade: boolean;
  presale_stage: string | null;
  trade_type: string;
  account_age_days: number;
  email: string | null;
  ship_country: string | null;
  bill_country: string | null;
  paid_before: number;
  by_buyer: number;
  addresses: number;
  cards: number;
  by_email: number;
  by_ip: number;
  by_device: number;
}

/** The rules' signals from the row SIGNALS read (email, IP and device count earlier screenings, plus this order). */
export function signalsOf(row: SignalsRow, deviceId: string | null): RiskSignals {
  return {
    currency: row.currency,
    amountMinor: BigInt(row.need_pay_minor),
    accountAgeDays: Number(row.account_age_days),
    paidOrdersBefore: row.paid_before,
    shippingCountry: row.ship_country,
    billingCountry: row.bill_country,
    email: row.email,
    ordersByBuyer: row.by_buyer,
    ordersByEmail: row.by_email + 1,
    ordersByIp: row.by_ip + 1,
    ordersByDevice: deviceId ? row.by_device + 1 : null,
    cardsByBuyer: row.cards,
    addressesByBuyer: row.addresses,
  };
}
