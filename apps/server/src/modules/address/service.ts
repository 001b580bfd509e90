import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { ERROR_CODES, addressInput, type Address, type AddressInput, type Site } from '@mall/contracts';
import type { Db } from '../../db/client.js';
import { addresses, regions } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';

export const MAX_ADDRESSES = 50;
type AddressRow = typeof addresses.$inferSelect;
type RegionRow = typeof regions.$inferSelect;

export function toAddressDto(row: AddressRow, country: RegionRow): Address {
  return {
    id: String(row.id),
    firstName: row.firstName,
    lastName: row.lastName,
    personName: `${row.firstName} ${row.lastName}`,
    gender: row.gender,
    personPhone: row.personPhone,
    areaCode: row.areaCode,
    email: row.email,
    countryId: String(row.countryId),
    country: country.regionName,
    region: { id: String(country.id), regionName: country.regionName, regionShortName: country.regionShortName },
    province: row.province,
    provinceId: row.provinceId,
    city: row.city,
    cityId: row.cityId,
    districtList: row.districtList,
    postalCode: row.postalCode,
    poiName: row.poiName,
    detailAddress: row.detailAddress,
    company: row.company,
    taxCode: row.taxCode,
    addressType: row.addressType,
    isDefault: row.isDefault,
    subscribe: row.subscribe,
    addressStatus: 'ENABLED',
    site: row.site,
    hearFrom: row.hearFrom,
    hearFromInput: row.hearFromInput,
    addressLatitude: row.latitude,
    addressLongitude: row.longitude,
  };
}

/** Default first, then newest. */
export async function listAddresses(db: Db, buyerId: bigint): Promise<Address[]> {
  const rows = await db
    .select({ a: addresses, c: regions })
    .from(addresses)
    .innerJoin(regions, eq(regions.id, addresses.countryId))
    .where(eq(addresses.buyerId, buyerId))
    .orderBy(desc(addresses.isDefault), desc(addresses.id));
  return rows.map((r) => toAddressDto(r.a, r.c));
}

/**
 * Validates an address against the site's rules and the region table: the country must be a
 * known country and the code sent must be its code; coordinates default to the chosen city's.
 */
export async function checkAddress(
  db: Db,
  site: Site,
  raw: unknown,
  purpose: 'SHIPPING' | 'BILLING',
  kind: 'saved' | 'typed' = 'saved',
): Promise<{ input: AddressInput; country: RegionRow; lat: number | null; lon: number | null }> {
  const parsed = addressInput({ site, purpose, kind }).safeParse(raw);
  if (!parsed.success) {
    throw new AppError(
      400,
      ERROR_CODES.invalidRequest,
      'The address is not valid',
      parsed.error.issues.map((i) => ({ path: `/${i.path.join('/')}`, message: i.message })),
    );
  }
  const input = parsed.data;
  const [country] = await db
    .select()
    .from(regions)
    .where(and(eq(regions.id, BigInt(input.countryId)), eq(regions.level, 1)));
  if (!country || country.regionShortName !== input.countryCode) {
    throw new AppError(400, ERROR_CODES.invalidRequest, 'The address is not valid', [
      { path: '/countryId', message: 'validation.required' },
    ]);
  }
  let lat = input.addressLatitude ?? null;
  let lon = input.addressLongitude ?? null;
  if (lat === null && input.cityId && /^\d{1,18}$/.test(input.cityId)) {
    const [city] = await db
      .select()
      .from(regions)
      .where(eq(regions.id, BigInt(input.cityId)));
    if (city) {
      lat = city.latitude;
      lon = city.longitude;
    }
  }
  return { input, country, lat, lon };
}

function rowValues(input: AddressInput, lat: number | null, lon: number | null) {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    gender: input.gender ?? 'UN_KNOW',
    personPhone: input.personPhone,
    areaCode: input.areaCode ?? null,
    email: input.email,
    countryId: BigInt(input.countryId),
    province: input.province ?? null,
    provinceId: input.provinceId ?? null,
    city: input.city,
    cityId: input.cityId ?? null,
    districtList: input.districtList ?? [],
    postalCode: input.postalCode,
    poiName: input.poiName,
    detailAddress: input.detailAddress ?? '',
    company: input.addressType === 'PERSON' ? null : (input.company ?? null),
    taxCode: input.taxCode ?? null,
    addressType: input.addressType ?? 'PERSON',
    subscribe: input.subscribe ?? false,
    hearFrom: input.hearFrom ?? null,
    hearFromInput: input.hearFrom === 'other' ? (input.hearFromInput ?? null) : null,
    latitude: lat,
    longitude: lon,
    updatedAt: new Date(),
  };
}

export async function createAddress(db: Db, buyerId: bigint, site: Site, raw: unknown): Promise<Address> {
  const { input, country, lat, lon } = await checkAddress(db, site, raw, 'SHIPPING');
  const row = await db.transaction(async (tx) => {
    // Serialise address writes of one buyer so "first address is default" holds under races.
    await tx.execute(sqlLock(buyerId));
    const [c] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.buyerId, buyerId));
    const n = c?.n ?? 0;
    if (n >= MAX_ADDRESSES)
      throw new AppError(400, ERROR_CODES.invalidRequest, `At most ${MAX_ADDRESSES} addresses can be saved`);
    const isDefault = n === 0 || input.isDefault === true;
    if (isDefault) await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.buyerId, buyerId));
    const [created] = await tx
      .insert(addresses)
      .values({ ...rowValues(input, lat, lon), buyerId, isDefault, site: site.code })
      .returning();
    return created!;
  });
  return toAddressDto(row, country);
}

export async function updateAddress(db: Db, buyerId: bigint, id: bigint, site: Site, raw: unknown): Promise<Address> {
  const { input, country, lat, lon } = await checkAddress(db, site, raw, 'SHIPPING');
  const row = await db.transaction(async (tx) => {
    await tx.execute(sqlLock(buyerId));
    const [existing] = await tx
      .select()
      .from(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.buyerId, buyerId)));
    if (!existing) throw new AppError(404, ERROR_CODES.addressNotFound, 'This address does not exist');
    // A default address cannot be unchecked: only choosing another default moves it.
    const isDefault = existing.isDefault || input.isDefault === true;
    if (isDefault && !existing.isDefault)
      await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.buyerId, buyerId));
    const [updated] = await tx
      .update(addresses)
      .set({ ...rowValues(input, lat, lon), isDefault })
      .where(and(eq(addresses.id, id), eq(addresses.buyerId, buyerId)))
      .returning();
    return updated!;
  });
  return toAddressDto(row, country);
}

export async function setDefaultAddress(db: Db, buyerId: bigint, id: bigint): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sqlLock(buyerId));
    const [existing] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.buyerId, buyerId)));
    if (!existing) throw new AppError(404, ERROR_CODES.addressNotFound, 'This address does not exist');
    await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.buyerId, buyerId));
    await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, id));
  });
}

/** Deleting the default passes the default to the newest remaining address. */
export async function deleteAddress(db: Db, buyerId: bigint, id: bigint): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sqlLock(buyerId));
    const [gone] = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.buyerId, buyerId)))
      .returning();
    if (!gone) throw new AppError(404, ERROR_CODES.addressNotFound, 'This address does not exist');
    if (gone.isDefault) {
      const [next] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(eq(addresses.buyerId, buyerId))
        .orderBy(desc(addresses.id))
        .limit(1);
      if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
    }
  });
}

const sqlLock = (buyerId: bigint) =>
  sql`SELECT pg_advisory_xact_lock(hashtext('addresses'), ${Number(buyerId % 2147483647n)}::int)`;

export async function pageRegions(
  db: Db,
  q: { pageSize: number; pageNum: number; regionName?: string; parentId?: string; level?: number },
) {
  const where = and(
    eq(regions.status, 'ENABLED'),
    q.parentId ? eq(regions.parentId, BigInt(q.parentId)) : eq(regions.level, q.level ?? 1),
    q.regionName ? ilike(regions.regionName, `%${q.regionName.replace(/[%_\\]/g, '\\$&')}%`) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(regions)
      .where(where)
      .orderBy(asc(regions.id))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize),
    db.select({ n: count() }).from(regions).where(where),
  ]);
  return {
    total: total?.n ?? 0,
    data: rows.map((r) => ({
      id: String(r.id),
      regionName: r.regionName,
      regionShortName: r.regionShortName,
      level: r.level,
      pinyin: r.pinyin,
      code: r.code,
    })),
  };
}

export async function regionsByIds(db: Db, ids: bigint[]) {
  return ids.length ? db.select().from(regions).where(inArray(regions.id, ids)) : [];
}
