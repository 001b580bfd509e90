/**
 * Real-name certificates (SPEC §5 "Certificate", §7 certificate flows). The ID number must fit
 * the caller's site's national ID (contracts/certificate.ts, the same check as the form), is
 * stored encrypted with AES-256-GCM and only ever answered masked.
 */
import crypto from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  CERTIFICATE_MAX,
  ERROR_CODES,
  isValidIdNumber,
  normaliseIdNumber,
  type Certificate,
  type Site,
} from '@mall/contracts';
import type { Db } from '../../db/client.js';
import { tableColumns, type ReadPart } from '../../db/rows.js';
import { userCertificates } from '../../db/schema/index.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { DEFAULT_CERTIFICATE_KEY } from '../../config.js';

let key = crypto.createHash('sha256').update(DEFAULT_CERTIFICATE_KEY).digest();

/** CERTIFICATE_KEY from the configuration; any length, stretched to 256 bits. */
export function configureCertificates(opts: { key: string }): void {
  key = crypto.createHash('sha256').update(opts.key).digest();
}

export function encryptIdNumber(plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ct]).toString('base64');
}

export function decryptIdNumber(stored: string): string {
  const buf = Buffer.from(stored, 'base64');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, buf.subarray(0, 12));
  decipher.setAuthTag(buf.subarray(12, 28));
  return Buffer.concat([decipher.update(buf.subarray(28)), decipher.final()]).toString('utf8');
}

type Row = typeof userCertificates.$inferSelect;
const view = (r: Row): Certificate => ({
  id: String(r.id),
  name: r.name,
  certificateNumber: `${'*'.repeat(Math.max(0, r.numberLength - r.numberLast4.length))}${r.numberLast4}`,
  site: r.site,
  updatedAt: r.updatedAt.toISOString(),
});

const notExist = () => new AppError(404, ERROR_CODES.certificateNotExist, 'This certificate does not exist');

function checked(site: Site, input: { name: string; certificateNumber: string }) {
  const name = input.name.trim();
  if (!name) throw badRequest(ERROR_CODES.certificateNameRequired, 'Real-name cannot be empty');
  const number = normaliseIdNumber(input.certificateNumber);
  if (!number) throw badRequest(ERROR_CODES.certificateNumberRequired, 'ID number cannot be empty');
  if (!isValidIdNumber(site.code, number))
    throw badRequest(ERROR_CODES.certificateNumberInvalid, 'Please enter a correct ID number');
  return {
    name,
    numberCipher: encryptIdNumber(number),
    numberLast4: number.slice(-4),
    numberLength: number.length,
    site: site.code,
  };
}

export async function listCertificates(db: Db, buyerId: bigint): Promise<Certificate[]> {
  const rows = await db
    .select()
    .from(userCertificates)
    .where(eq(userCertificates.buyerId, buyerId))
    .orderBy(desc(userCertificates.updatedAt), desc(userCertificates.id));
  return rows.map(view);
}

export async function createCertificate(
  db: Db,
  buyerId: bigint,
  site: Site,
  input: { name: string; certificateNumber: string },
): Promise<Certificate> {
  const values = checked(site, input);
  return db.transaction(async (tx) => {
    // Serialise this buyer's creates so two clicks cannot pass the count together.
    await tx.execute(sql`SELECT 1 FROM users WHERE id = ${buyerId} FOR UPDATE`);
    const [n] = await tx.select({ n: count() }).from(userCertificates).where(eq(userCertificates.buyerId, buyerId));
    if ((n?.n ?? 0) >= CERTIFICATE_MAX.perBuyer)
      throw new AppError(409, ERROR_CODES.certificateLimit, `At most ${CERTIFICATE_MAX.perBuyer} certificates`);
    const [row] = await tx
      .insert(userCertificates)
      .values({ buyerId, ...values })
      .returning();
    return view(row!);
  });
}

export async function editCertificate(
  db: Db,
  buyerId: bigint,
  site: Site,
  input: { id: string; name: string; certificateNumber: string },
): Promise<Certificate> {
  const values = checked(site, input);
  const [row] = await db
    .update(userCertificates)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(userCertificates.id, BigInt(input.id)), eq(userCertificates.buyerId, buyerId)))
    .returning();
  if (!row) throw notExist();
  return view(row);
}

export async function certificateDetail(db: Db, buyerId: bigint, id: string): Promise<Certificate> {
  const [row] = await db
    .select()
    .from(userCertificates)
    .where(and(eq(userCertificates.id, BigInt(id)), eq(userCertificates.buyerId, buyerId)));
  if (!row) throw notExist();
  return view(row);
}

export async function deleteCertificate(db: Db, buyerId: bigint, id: string): Promise<{ deleted: true }> {
  const rows = await db
    .delete(userCertificates)
    .where(and(eq(userCertificates.id, BigInt(id)), eq(userCertificates.buyerId, buyerId)))
    .returning({ id: userCertificates.id });
  if (!rows.length) throw notExist();
  return { deleted: true };
}

/** The checkout preview's userCertificate and certificateStatus: the buyer's latest certificate, masked. */
const UC = tableColumns(userCertificates, 'u');
type PreviewCertificate = { userCertificate: Certificate | null; certificateStatus: 0 | 1 };
/**
 * The buyer's certificate (masked) and its status, as a column of the checkout's one statement of
 * the buyer's facts: the latest one saved for the caller's site (a cross-border order is declared
 * with it), else the latest one.
 */
export const certificatePart: ReadPart<{ buyer: string; site: string }, PreviewCertificate> = {
  columns: (p) =>
    `(SELECT ${UC.json} FROM user_certificates u WHERE u.buyer_id = ${p.buyer} ORDER BY u.site = ${p.site} DESC, u.updated_at DESC, u.id DESC LIMIT 1) AS certificate`,
  read: (row) => {
    const r = row.certificate as (string | null)[] | null;
    return r
      ? { userCertificate: view(UC.mapJson(r)), certificateStatus: 1 }
      : { userCertificate: null, certificateStatus: 0 };
  },
};
