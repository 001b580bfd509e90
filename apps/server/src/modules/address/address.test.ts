import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq } from 'drizzle-orm';
import { addresses, users } from '../../db/schema/index.js';
import { Browser, browser, createTestApp, login, type TestApp } from '../../../test/helpers.js';

let t: TestApp;

const REGIONS_URL = '/sapi/mall-content/web/mdRegionBO/page';
const LIST_URL = '/sapi/mall-customer/shipping-address/queryShippingAddressListFlow';
const BUYER = 'buyer@demo.shop';
const OTHER = 'main@demo.shop';

interface RegionDto {
  id: string;
  regionName: string;
  regionShortName: string;
  level: number;
  pinyin: string;
  code: string;
}
interface AddressDto {
  id: string;
  firstName: string;
  lastName: string;
  personName: string;
  isDefault: boolean;
  city: string;
  cityId: string | null;
  province: string | null;
  postalCode: string;
  company: string | null;
  addressType: string;
  addressStatus: string;
  site: string;
  countryId: string;
  country: string;
  region: { id: string; regionName: string; regionShortName: string };
  addressLatitude: number | null;
  addressLongitude: number | null;
  hearFrom: string | null;
  hearFromInput: string | null;
  [k: string]: unknown;
}
type Detail = { path: string; message: string };

/** Region ids read through the regions endpoint, as the address picker does. */
const ids = {} as Record<
  'US' | 'GB' | 'DE' | 'AT' | 'CA' | 'SF' | 'ENG' | 'LONDON' | 'BERLIN_STATE' | 'BERLIN' | 'WIEN_STATE' | 'WIEN',
  string
>;
const coords = {} as Record<'SF' | 'LONDON', { lat: number; lon: number }>;

async function regionPage(b: Browser, body: Record<string, unknown>) {
  const res = await b.post(REGIONS_URL, { pageSize: 999, pageNum: 1, regionStatus: 'ENABLED', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: RegionDto[]; total: number }>();
}
async function childId(b: Browser, parentId: string, name: string): Promise<string> {
  const r = (await regionPage(b, { parentId })).data.find((x) => x.regionName === name);
  if (!r) throw new Error(`no region ${name} under ${parentId}`);
  return r.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const b = browser(t.app);
  const countries = (await regionPage(b, {})).data;
  for (const c of ['US', 'GB', 'DE', 'AT'] as const) ids[c] = countries.find((x) => x.regionShortName === c)!.id;
  ids.CA = await childId(b, ids.US, 'California');
  ids.SF = await childId(b, ids.CA, 'San Francisco');
  ids.ENG = await childId(b, ids.GB, 'England');
  ids.LONDON = await childId(b, ids.ENG, 'London');
  ids.BERLIN_STATE = await childId(b, ids.DE, 'Berlin');
  ids.BERLIN = await childId(b, ids.BERLIN_STATE, 'Berlin');
  ids.WIEN_STATE = await childId(b, ids.AT, 'Wien');
  ids.WIEN = await childId(b, ids.WIEN_STATE, 'Wien');
  coords.SF = { lat: 37.7749, lon: -122.4194 };
  coords.LONDON = { lat: 51.5074, lon: -0.1278 };
});
afterAll(async () => {
  await t?.close();
});

/** A valid US address body, shaped like toBody() of the web AddressForm. */
function usBody(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    firstName: 'Sam',
    lastName: 'Tester',
    gender: 'MALE',
    personPhone: '415 555 0123',
    areaCode: '+1',
    email: 'sam@example.com',
    countryId: ids.US,
    countryCode: 'US',
    province: 'California',
    provinceId: ids.CA,
    city: 'San Francisco',
    cityId: ids.SF,
    districtList: [
      { level: 2, name: 'California', id: ids.CA },
      { level: 3, name: 'San Francisco', id: ids.SF },
    ],
    postalCode: '94107',
    poiName: '500 Howard St',
    detailAddress: 'Apt 12',
    addressType: 'PERSON',
    company: undefined,
    taxCode: undefined,
    isDefault: false,
    hearFrom: 'socialMedia',
    hearFromInput: undefined,
    ...over,
  };
}
function gbBody(over: Record<string, unknown> = {}): Record<string, unknown> {
  return usBody({
    countryId: ids.GB,
    countryCode: 'GB',
    province: undefined,
    provinceId: undefined,
    city: 'London',
    cityId: ids.LONDON,
    districtList: [{ level: 3, name: 'London', id: ids.LONDON }],
    personPhone: '020 7946 0958',
    areaCode: '+44',
    postalCode: 'SW1A 1AA',
    poiName: '10 Downing St',
    ...over,
  });
}
function deBody(over: Record<string, unknown> = {}): Record<string, unknown> {
  return usBody({
    countryId: ids.DE,
    countryCode: 'DE',
    province: undefined,
    provinceId: undefined,
    city: 'Berlin',
    cityId: ids.BERLIN,
    districtList: [{ level: 3, name: 'Berlin', id: ids.BERLIN }],
    personPhone: '030 1234567',
    areaCode: '+49',
    postalCode: '10115',
    poiName: 'Invalidenstraße 1',
    ...over,
  });
}
function atBody(over: Record<string, unknown> = {}): Record<string, unknown> {
  return deBody({
    countryId: ids.AT,
    countryCode: 'AT',
    city: 'Wien',
    cityId: ids.WIEN,
    districtList: [{ level: 3, name: 'Wien', id: ids.WIEN }],
    personPhone: '01 5880123',
    areaCode: '+43',
    postalCode: '1010',
    poiName: 'Stephansplatz 1',
    ...over,
  });
}
function without(body: Record<string, unknown>, key: string) {
  const copy = { ...body };
  delete copy[key];
  return copy;
}

const put = (b: Browser, url: string, body: unknown) => b.request('PUT', url, body);
const create = (b: Browser, body: unknown) => b.post('/api/addresses', body);
async function createOk(b: Browser, body: unknown): Promise<AddressDto> {
  const res = await create(b, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function listOf(b: Browser): Promise<AddressDto[]> {
  const res = await b.post(LIST_URL, {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function userId(email: string): Promise<bigint> {
  const [u] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!u) throw new Error(`no user ${email}`);
  return u.id;
}
async function rowsOf(buyerId: bigint) {
  return t.db.select().from(addresses).where(eq(addresses.buyerId, buyerId)).orderBy(asc(addresses.id));
}
async function countOf(buyerId: bigint): Promise<number> {
  const [c] = await t.db.select({ n: count() }).from(addresses).where(eq(addresses.buyerId, buyerId));
  return c!.n;
}
async function defaultsOf(buyerId: bigint): Promise<bigint[]> {
  const rows = await t.db
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.buyerId, buyerId), eq(addresses.isDefault, true)));
  return rows.map((r) => r.id);
}

/** A brand-new registered account, logged in. */
async function signup(): Promise<{ b: Browser; email: string; id: bigint }> {
  const b = browser(t.app);
  const email = `addr-${crypto.randomBytes(5).toString('hex')}@example.com`;
  const res = await b.post('/api/auth/signup', { email, password: 'password123' });
  expect(res.statusCode, res.body).toBe(200);
  return { b, email, id: await userId(email) };
}

/** Asserts a 400 Common.invalidRequest whose details contain the expected entries. */
function expectInvalid(res: { statusCode: number; body: string; json(): any }, expected: Detail[]) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json();
  expect(body.code).toBe('Common.invalidRequest');
  expect(typeof body.message).toBe('string');
  expect(Array.isArray(body.details), res.body).toBe(true);
  expect(body.details).toEqual(expect.arrayContaining(expected));
  return body.details as Detail[];
}

// ---------------------------------------------------------------------------------------------

describe('regions', () => {
  it('lists the 10 countries with their codes', async () => {
    const page = await regionPage(browser(t.app), {});
    expect(page.total).toBe(10);
    expect(page.data.map((r) => r.regionShortName)).toEqual([
      'US',
      'GB',
      'DE',
      'AT',
      'CH',
      'JP',
      'ES',
      'IT',
      'FR',
      'NL',
    ]);
    expect(page.data[0]).toEqual({
      id: ids.US,
      regionName: 'United States',
      regionShortName: 'US',
      level: 1,
      pinyin: 'united states',
      code: 'US',
    });
    for (const r of page.data) {
      expect(r.level).toBe(1);
      expect(r.id).toMatch(/^\d+$/);
    }
  });

  it('lists the states of the US by parentId', async () => {
    const page = await regionPage(browser(t.app), { parentId: ids.US });
    expect(page.total).toBe(4);
    expect(page.data.map((r) => r.regionName)).toEqual(['California', 'New York', 'Texas', 'Washington']);
    expect(page.data.every((r) => r.level === 2)).toBe(true);
    expect(page.data[0]).toMatchObject({ regionShortName: 'CA', code: 'US-CA' });
    // The next level down: cities of California.
    const cities = await regionPage(browser(t.app), { parentId: ids.CA });
    expect(cities.data.map((r) => r.regionName)).toEqual(['San Francisco', 'Los Angeles', 'San Jose']);
    expect(cities.data.every((r) => r.level === 3)).toBe(true);
  });

  it('filters by regionName (case-insensitive, substring; wildcards are literal)', async () => {
    const b = browser(t.app);
    const united = await regionPage(b, { regionName: 'united' });
    expect(united.data.map((r) => r.regionShortName)).toEqual(['US', 'GB']);
    expect(united.total).toBe(2);
    const ny = await regionPage(b, { parentId: ids.US, regionName: 'new' });
    expect(ny.data.map((r) => r.regionName)).toEqual(['New York']);
    expect((await regionPage(b, { regionName: '%' })).data).toEqual([]);
    expect((await regionPage(b, { regionName: 'Atlantis' })).total).toBe(0);
  });

  it('pages with pageSize and pageNum; total stays the full count', async () => {
    const page = await regionPage(browser(t.app), { pageSize: 3, pageNum: 2 });
    expect(page.total).toBe(10);
    expect(page.data.map((r) => r.regionShortName)).toEqual(['AT', 'CH', 'JP']);
  });

  it('a bad body -> 400 Common.invalidRequest', async () => {
    const b = browser(t.app);
    const unknown = await b.post(REGIONS_URL, { pageSize: 999, pageNum: 1, regionStatus: 'ENABLED', country: 'US' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'Common.invalidRequest' });
    expect(unknown.json().details.length).toBeGreaterThan(0);
    for (const body of [{ pageSize: 1000 }, { pageNum: 0 }, { regionStatus: 'DISABLED' }, { parentId: 'US' }]) {
      const res = await b.post(REGIONS_URL, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('Common.invalidRequest');
    }
  });
});

describe('list', () => {
  it('the demo buyer has 2 addresses, the default (San Francisco) first', async () => {
    const b = await login(t.app, BUYER);
    const list = await listOf(b);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      isDefault: true,
      city: 'San Francisco',
      province: 'California',
      postalCode: '94105',
      poiName: '2 Market St',
      detailAddress: 'Suite 400',
      firstName: 'Dana',
      lastName: 'Buyer',
      personName: 'Dana Buyer',
      addressType: 'PERSON',
      company: null,
      addressStatus: 'ENABLED',
      countryId: ids.US,
      country: 'United States',
      region: { id: ids.US, regionName: 'United States', regionShortName: 'US' },
      addressLatitude: coords.SF.lat,
      addressLongitude: coords.SF.lon,
      site: 'US',
    });
    expect(list[1]).toMatchObject({
      isDefault: false,
      city: 'New York',
      addressType: 'COMPANY',
      company: 'Dana Design LLC',
    });
    // Another account sees only its own.
    const other = await listOf(await login(t.app, OTHER));
    expect(other.map((a) => a.company)).toEqual(['Acme Office Supplies']);
  });

  it('a new account has none', async () => {
    const { b } = await signup();
    expect(await listOf(b)).toEqual([]);
  });

  it('a tourist -> 401 Common.unauthorized, also after getting a guest session', async () => {
    const b = browser(t.app);
    const res = await b.post(LIST_URL, {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'Common.unauthorized' });
    // A guest with a cart (tourist user) is still not allowed.
    const item = (await b.get('/api/catalog/items/cable-tray')).json();
    expect((await b.post('/api/cart/lines', { skuId: item.skus[0].id, qty: '1' })).statusCode).toBe(200);
    expect((await b.get('/api/auth/session')).json().userType).toBe('TOURIST');
    const again = await b.post(LIST_URL, {});
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('Common.unauthorized');
    const created = await create(b, usBody());
    expect(created.statusCode).toBe(401);
    expect(created.json().code).toBe('Common.unauthorized');
  });

  it('an unknown field in the list body -> 400', async () => {
    const b = await login(t.app, BUYER);
    const res = await b.post(LIST_URL, { buyerId: '1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('Common.invalidRequest');
  });
});

describe('create', () => {
  it('saves a valid US address: ENABLED, personName, coordinates from the city', async () => {
    const { b, id } = await signup();
    const a = await createOk(b, usBody());
    expect(a).toMatchObject({
      firstName: 'Sam',
      lastName: 'Tester',
      personName: 'Sam Tester',
      gender: 'MALE',
      personPhone: '415 555 0123',
      areaCode: '+1',
      email: 'sam@example.com',
      countryId: ids.US,
      country: 'United States',
      region: { id: ids.US, regionShortName: 'US' },
      province: 'California',
      provinceId: ids.CA,
      city: 'San Francisco',
      cityId: ids.SF,
      postalCode: '94107',
      poiName: '500 Howard St',
      detailAddress: 'Apt 12',
      addressType: 'PERSON',
      company: null,
      taxCode: null,
      addressStatus: 'ENABLED',
      site: 'US',
      hearFrom: 'socialMedia',
      hearFromInput: null,
      subscribe: false,
      addressLatitude: coords.SF.lat,
      addressLongitude: coords.SF.lon,
    });
    expect(a.id).toMatch(/^\d+$/);
    expect(a.districtList).toEqual([
      { level: 2, name: 'California', id: ids.CA },
      { level: 3, name: 'San Francisco', id: ids.SF },
    ]);

    const rows = await rowsOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: BigInt(a.id),
      buyerId: id,
      firstName: 'Sam',
      countryId: BigInt(ids.US),
      city: 'San Francisco',
      cityId: ids.SF,
      latitude: coords.SF.lat,
      longitude: coords.SF.lon,
      site: 'US',
      company: null,
      isDefault: true,
    });
    // And the list returns the same address.
    expect(await listOf(b)).toEqual([a]);
  });

  it('explicit coordinates win over the city ones; no city id means no coordinates', async () => {
    const { b } = await signup();
    const own = await createOk(b, usBody({ addressLatitude: 37.8, addressLongitude: -122.27 }));
    expect(own).toMatchObject({ addressLatitude: 37.8, addressLongitude: -122.27 });
    const none = await createOk(b, usBody({ cityId: undefined, city: 'Sausalito' }));
    expect(none).toMatchObject({ city: 'Sausalito', cityId: null, addressLatitude: null, addressLongitude: null });
  });

  it('trims text fields before saving', async () => {
    const { b, id } = await signup();
    const a = await createOk(b, usBody({ firstName: '  Sam ', city: ' San Francisco  ', postalCode: ' 94107 ' }));
    expect(a).toMatchObject({ firstName: 'Sam', personName: 'Sam Tester', city: 'San Francisco', postalCode: '94107' });
    expect((await rowsOf(id))[0]).toMatchObject({ firstName: 'Sam', city: 'San Francisco', postalCode: '94107' });
  });

  it('the first address of a fresh account becomes default even with isDefault false', async () => {
    const { b, id } = await signup();
    const first = await createOk(b, usBody({ isDefault: false }));
    expect(first.isDefault).toBe(true);
    const second = await createOk(b, usBody({ isDefault: false, poiName: '1 Second St' }));
    expect(second.isDefault).toBe(false);
    expect(await defaultsOf(id)).toEqual([BigInt(first.id)]);
    const list = await listOf(b);
    expect(list.map((a) => [a.id, a.isDefault])).toEqual([
      [first.id, true],
      [second.id, false],
    ]);
  });

  it('isDefault true moves the default; exactly one default afterwards', async () => {
    const { b, id } = await signup();
    const first = await createOk(b, usBody());
    const second = await createOk(b, usBody({ poiName: '2 Second St', isDefault: true }));
    expect(second.isDefault).toBe(true);
    expect(await defaultsOf(id)).toEqual([BigInt(second.id)]);
    const list = await listOf(b);
    expect(list.map((a) => [a.id, a.isDefault])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
  });

  it('a PERSON address with a company is saved with company null', async () => {
    const { b, id } = await signup();
    const a = await createOk(b, usBody({ addressType: 'PERSON', company: 'Should Be Dropped' }));
    expect(a).toMatchObject({ addressType: 'PERSON', company: null });
    expect((await rowsOf(id))[0]).toMatchObject({ addressType: 'PERSON', company: null });
  });

  it('a COMPANY address keeps its company; hearFrom other keeps hearFromInput, other choices drop it', async () => {
    const { b, id } = await signup();
    const a = await createOk(
      b,
      usBody({ addressType: 'COMPANY', company: 'Tester Inc', hearFrom: 'other', hearFromInput: 'A podcast' }),
    );
    expect(a).toMatchObject({
      addressType: 'COMPANY',
      company: 'Tester Inc',
      hearFrom: 'other',
      hearFromInput: 'A podcast',
    });
    const b2 = await createOk(b, usBody({ hearFrom: 'referral', hearFromInput: 'ignored' }));
    expect(b2).toMatchObject({ hearFrom: 'referral', hearFromInput: null });
    const rows = await rowsOf(id);
    expect(rows.map((r) => [r.company, r.hearFrom, r.hearFromInput])).toEqual([
      ['Tester Inc', 'other', 'A podcast'],
      [null, 'referral', null],
    ]);
  });

  it('CSRF: a create without the x-mall-request header -> 403, nothing saved', async () => {
    const b = await login(t.app, BUYER);
    const buyerId = await userId(BUYER);
    const before = await countOf(buyerId);
    const res = await b.post('/api/addresses', usBody(), { noCsrf: true });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'Common.csrfRejected' });
    // A foreign Origin is refused even with the header.
    const cross = await b.post('/api/addresses', usBody(), { headers: { origin: 'https://evil.example' } });
    expect(cross.statusCode).toBe(403);
    expect(cross.json().code).toBe('Common.csrfRejected');
    expect(await countOf(buyerId)).toBe(before);
  });
});

describe('create: one failing input per rule (400, details, nothing saved)', () => {
  let b: Browser;
  let buyerId: bigint;
  let before: Awaited<ReturnType<typeof rowsOf>>;
  beforeAll(async () => {
    b = await login(t.app, BUYER);
    buyerId = await userId(BUYER);
    before = await rowsOf(buyerId);
  });

  /** Posts the body; expects 400 with the details, and the buyer's addresses unchanged. */
  async function rejects(body: unknown, expected: Detail[], who: Browser = b) {
    const res = await create(who, body);
    const details = expectInvalid(res, expected);
    expect(await countOf(buyerId)).toBe(before.length);
    return details;
  }

  const cases: [string, () => Record<string, unknown>, Detail[]][] = [
    [
      'missing firstName',
      () => without(usBody(), 'firstName'),
      [{ path: '/firstName', message: 'validation.required' }],
    ],
    [
      'firstName of 101 chars',
      () => usBody({ firstName: 'a'.repeat(101) }),
      [{ path: '/firstName', message: 'validation.tooLong' }],
    ],
    ['missing lastName', () => without(usBody(), 'lastName'), [{ path: '/lastName', message: 'validation.required' }]],
    ['missing gender', () => without(usBody(), 'gender'), [{ path: '/gender', message: 'validation.required' }]],
    ['bad email', () => usBody({ email: 'sam.example.com' }), [{ path: '/email', message: 'validation.email' }]],
    [
      'email over 50 chars',
      () => usBody({ email: `${'s'.repeat(39)}@example.com` }),
      [{ path: '/email', message: 'validation.tooLong' }],
    ],
    [
      'phone not matching the US pattern',
      () => usBody({ personPhone: '555 0123' }),
      [{ path: '/personPhone', message: 'validation.phone' }],
    ],
    [
      'detailAddress with a double quote',
      () => usBody({ detailAddress: 'Apt "12"' }),
      [{ path: '/detailAddress', message: 'validation.specialChars' }],
    ],
    ['missing street', () => without(usBody(), 'poiName'), [{ path: '/poiName', message: 'validation.required' }]],
    ['missing city', () => without(usBody(), 'city'), [{ path: '/city', message: 'validation.required' }]],
    [
      'missing province on the US site',
      () => without(usBody(), 'province'),
      [{ path: '/province', message: 'validation.required' }],
    ],
    [
      'missing postal code',
      () => usBody({ postalCode: '' }),
      [{ path: '/postalCode', message: 'validation.required' }],
    ],
    [
      'COMPANY without company',
      () => usBody({ addressType: 'COMPANY' }),
      [{ path: '/company', message: 'validation.required' }],
    ],
    [
      'missing addressType',
      () => without(usBody(), 'addressType'),
      [{ path: '/addressType', message: 'validation.required' }],
    ],
    [
      'hearFrom missing on US (quick quiz)',
      () => without(usBody(), 'hearFrom'),
      [{ path: '/hearFrom', message: 'validation.required' }],
    ],
    [
      'hearFrom other without hearFromInput',
      () => usBody({ hearFrom: 'other' }),
      [{ path: '/hearFromInput', message: 'validation.required' }],
    ],
  ];
  it.each(cases)('%s', async (_name, body, expected) => {
    const details = await rejects(body(), expected);
    // Only the broken field is reported.
    expect(details).toEqual(expected);
  });

  it('countryCode not matching countryId -> 400 on /countryId', async () => {
    // GB code with the US id (the US phone also fits the GB pattern, so only the region check fails).
    await rejects(usBody({ countryCode: 'GB' }), [{ path: '/countryId', message: 'validation.required' }]);
    // A known id that is not a country (California) is refused too, as is an id that does not exist.
    await rejects(usBody({ countryId: ids.CA, countryCode: 'CA' }), [
      { path: '/countryId', message: 'validation.required' },
    ]);
    await rejects(usBody({ countryId: '999999999' }), [{ path: '/countryId', message: 'validation.required' }]);
  });

  it('an unknown extra field -> 400', async () => {
    const details = await rejects(usBody({ buyerId: '1' }), []);
    expect(details).toHaveLength(1);
    expect(details[0]!.path).toBe('/');
    expect(details[0]!.message).toContain('buyerId');
    // Also fields of the saved address that are not input (isDefault is, addressStatus is not).
    await rejects(usBody({ addressStatus: 'ENABLED' }), []);
  });

  it('a body that is not an object -> 400 Common.invalidRequest', async () => {
    for (const payload of ['[1,2]', 'null', '"x"', '42']) {
      const res = await b.post('/api/addresses', undefined, { payload });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().code, payload).toBe('Common.invalidRequest');
    }
    const none = await b.post('/api/addresses');
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('Common.invalidRequest');
    const broken = await b.post('/api/addresses', undefined, { payload: '{"firstName":' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('Common.malformedJson');
    expect(await countOf(buyerId)).toBe(before.length);
  });

  it('at most 50 addresses per buyer', async () => {
    const { b: full, id } = await signup();
    const first = await createOk(full, usBody());
    const [row] = await rowsOf(id);
    const { id: _id, ...copy } = row!;
    await t.db.insert(addresses).values(Array.from({ length: 49 }, () => ({ ...copy, isDefault: false })));
    expect(await countOf(id)).toBe(50);
    const res = await create(full, usBody({ isDefault: true }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'Common.invalidRequest', message: 'At most 50 addresses can be saved' });
    expect(await countOf(id)).toBe(50);
    expect(await defaultsOf(id)).toEqual([BigInt(first.id)]);
  });

  it('province is not required on the UK site; UK postal code ABC rejected, SW1A 1AA accepted', async () => {
    const { b: uk, id } = await signup();
    expect((await uk.post('/api/preferences', { site: 'UK' })).json()).toMatchObject({ site: 'UK' });
    const bad = await create(uk, gbBody({ postalCode: 'ABC' }));
    expect(expectInvalid(bad, [])).toEqual([{ path: '/postalCode', message: 'validation.postalCode' }]);
    expect(await countOf(id)).toBe(0);
    const a = await createOk(uk, gbBody());
    expect(a).toMatchObject({
      province: null,
      postalCode: 'SW1A 1AA',
      site: 'UK',
      country: 'United Kingdom',
      addressLatitude: coords.LONDON.lat,
      isDefault: true,
    });
    expect(await countOf(id)).toBe(1);
    // The same body without a province fails on the US site.
    expect((await uk.post('/api/preferences', { site: 'US' })).statusCode).toBe(200);
    const us = await create(uk, gbBody());
    expect(expectInvalid(us, [])).toEqual([{ path: '/province', message: 'validation.required' }]);
    expect(await countOf(id)).toBe(1);
  });

  it('DE site: 10115 ok for DE, 1010 ok for AT and rejected for DE', async () => {
    const { b: de, id } = await signup();
    expect((await de.post('/api/preferences', { site: 'DE' })).json()).toMatchObject({ site: 'DE' });
    const berlin = await createOk(de, deBody());
    expect(berlin).toMatchObject({ postalCode: '10115', country: 'Germany', site: 'DE', province: null });
    const wien = await createOk(de, atBody());
    expect(wien).toMatchObject({
      postalCode: '1010',
      country: 'Austria',
      countryId: ids.AT,
      region: { regionShortName: 'AT' },
      site: 'DE',
    });
    const bad = await create(de, deBody({ postalCode: '1010' }));
    expect(expectInvalid(bad, [])).toEqual([{ path: '/postalCode', message: 'validation.postalCode' }]);
    const badAt = await create(de, atBody({ postalCode: '10115' }));
    expect(expectInvalid(badAt, [])).toEqual([{ path: '/postalCode', message: 'validation.postalCode' }]);
    // AT code with Germany's id -> the country check fails.
    const mixed = await create(de, deBody({ countryCode: 'AT', postalCode: '1010' }));
    expect(expectInvalid(mixed, [])).toEqual([{ path: '/countryId', message: 'validation.required' }]);
    expect((await rowsOf(id)).map((r) => r.postalCode)).toEqual(['10115', '1010']);
  });

  it('US accepts any non-empty postal code', async () => {
    const { b: us, id } = await signup();
    for (const postalCode of ['94107', 'ABC', '1010', 'SW1A 1AA'])
      expect((await createOk(us, usBody({ postalCode }))).postalCode).toBe(postalCode);
    const blank = await create(us, usBody({ postalCode: '   ' }));
    expect(expectInvalid(blank, [])).toEqual([{ path: '/postalCode', message: 'validation.required' }]);
    expect(await countOf(id)).toBe(4);
  });

  it("none of the failures changed the demo buyer's addresses", async () => {
    expect(await rowsOf(buyerId)).toEqual(before);
  });
});

describe('update', () => {
  it('edits the fields and keeps id and buyer', async () => {
    const { b, id } = await signup();
    const a = await createOk(b, usBody());
    const res = await put(
      b,
      `/api/addresses/${a.id}`,
      usBody({
        firstName: 'Samantha',
        detailAddress: 'Apt 14',
        postalCode: '94110',
        addressType: 'COMPANY',
        company: 'Tester Inc',
        hearFrom: 'referral',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: a.id,
      firstName: 'Samantha',
      personName: 'Samantha Tester',
      detailAddress: 'Apt 14',
      postalCode: '94110',
      addressType: 'COMPANY',
      company: 'Tester Inc',
      hearFrom: 'referral',
      isDefault: true,
    });
    const rows = await rowsOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: BigInt(a.id),
      buyerId: id,
      firstName: 'Samantha',
      detailAddress: 'Apt 14',
      company: 'Tester Inc',
      isDefault: true,
    });
    expect(rows[0]!.updatedAt.getTime()).toBeGreaterThanOrEqual(rows[0]!.createdAt.getTime());
    // Switching to PERSON drops the company again.
    const person = await put(b, `/api/addresses/${a.id}`, usBody({ addressType: 'PERSON', company: 'Tester Inc' }));
    expect(person.json()).toMatchObject({ addressType: 'PERSON', company: null });
    expect((await rowsOf(id))[0]!.company).toBeNull();
  });

  it('sending isDefault false for the default address keeps it default', async () => {
    const { b, id } = await signup();
    const a = await createOk(b, usBody());
    const other = await createOk(b, usBody({ poiName: '2 Other St' }));
    const res = await put(b, `/api/addresses/${a.id}`, usBody({ isDefault: false, detailAddress: 'Apt 99' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ isDefault: true, detailAddress: 'Apt 99' });
    expect(await defaultsOf(id)).toEqual([BigInt(a.id)]);
    // Editing a non-default with isDefault true moves the default.
    const moved = await put(b, `/api/addresses/${other.id}`, usBody({ poiName: '2 Other St', isDefault: true }));
    expect(moved.json().isDefault).toBe(true);
    expect(await defaultsOf(id)).toEqual([BigInt(other.id)]);
  });

  it('an invalid edit -> 400 and the address is unchanged', async () => {
    const { b, id } = await signup();
    const a = await createOk(b, usBody());
    const before = await rowsOf(id);
    const res = await put(b, `/api/addresses/${a.id}`, usBody({ firstName: '', detailAddress: 'x"y' }));
    expectInvalid(res, [
      { path: '/firstName', message: 'validation.required' },
      { path: '/detailAddress', message: 'validation.specialChars' },
    ]);
    expect(await rowsOf(id)).toEqual(before);
  });

  it('an unknown id -> 404 Address.notFound', async () => {
    const { b } = await signup();
    const res = await put(b, '/api/addresses/987654321', usBody());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'Address.notFound' });
  });

  it('another buyer updating, deleting or defaulting the address -> 404 Address.notFound, nothing changes', async () => {
    const owner = await login(t.app, BUYER);
    const ownerId = await userId(BUYER);
    const otherId = await userId(OTHER);
    const target = (await listOf(owner)).find((a) => !a.isDefault)!;
    const ownerBefore = await rowsOf(ownerId);
    const otherBefore = await rowsOf(otherId);

    const intruder = await login(t.app, OTHER);
    const upd = await put(intruder, `/api/addresses/${target.id}`, usBody({ firstName: 'Mallory' }));
    expect(upd.statusCode).toBe(404);
    expect(upd.json()).toMatchObject({ code: 'Address.notFound' });
    const del = await intruder.delete(`/api/addresses/${target.id}`);
    expect(del.statusCode).toBe(404);
    expect(del.json()).toMatchObject({ code: 'Address.notFound' });
    const def = await intruder.post(`/api/addresses/${target.id}/default`);
    expect(def.statusCode).toBe(404);
    expect(def.json()).toMatchObject({ code: 'Address.notFound' });

    expect(await rowsOf(ownerId)).toEqual(ownerBefore);
    expect(await rowsOf(otherId)).toEqual(otherBefore);
    expect(await listOf(owner)).toHaveLength(2);
  });

  it('a malformed id -> 400', async () => {
    const b = await login(t.app, BUYER);
    const res = await put(b, '/api/addresses/abc', usBody());
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('Common.invalidRequest');
  });
});

describe('default and delete', () => {
  it('POST /:id/default moves the default and returns the list with it first', async () => {
    const { b, id } = await signup();
    const a1 = await createOk(b, usBody({ poiName: '1 First St' }));
    const a2 = await createOk(b, usBody({ poiName: '2 Second St' }));
    const a3 = await createOk(b, usBody({ poiName: '3 Third St' }));
    const res = await b.post(`/api/addresses/${a2.id}/default`);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<AddressDto[]>();
    expect(list.map((a) => [a.id, a.isDefault])).toEqual([
      [a2.id, true],
      [a3.id, false],
      [a1.id, false],
    ]);
    expect(await defaultsOf(id)).toEqual([BigInt(a2.id)]);
    // Making the default the default again changes nothing.
    const again = await b.post(`/api/addresses/${a2.id}/default`);
    expect(again.json<AddressDto[]>().map((a) => a.id)).toEqual([a2.id, a3.id, a1.id]);
    expect(await defaultsOf(id)).toEqual([BigInt(a2.id)]);
  });

  it('DELETE of the default passes the default to the newest remaining address', async () => {
    const { b, id } = await signup();
    const a1 = await createOk(b, usBody({ poiName: '1 First St' }));
    const a2 = await createOk(b, usBody({ poiName: '2 Second St' }));
    const a3 = await createOk(b, usBody({ poiName: '3 Third St' }));
    expect((await b.post(`/api/addresses/${a1.id}/default`)).statusCode).toBe(200);
    // Deleting a non-default leaves the default alone.
    const delNon = await b.delete(`/api/addresses/${a2.id}`);
    expect(delNon.statusCode, delNon.body).toBe(200);
    expect(delNon.json<AddressDto[]>().map((a) => [a.id, a.isDefault])).toEqual([
      [a1.id, true],
      [a3.id, false],
    ]);

    const a4 = await createOk(b, usBody({ poiName: '4 Fourth St' }));
    const res = await b.delete(`/api/addresses/${a1.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AddressDto[]>().map((a) => [a.id, a.isDefault])).toEqual([
      [a4.id, true],
      [a3.id, false],
    ]);
    expect(await defaultsOf(id)).toEqual([BigInt(a4.id)]);
    expect((await rowsOf(id)).map((r) => r.id)).toEqual([BigInt(a3.id), BigInt(a4.id)]);

    // Deleting it again -> 404; deleting the last ones leaves an empty list.
    const gone = await b.delete(`/api/addresses/${a1.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('Address.notFound');
    await b.delete(`/api/addresses/${a4.id}`);
    const last = await b.delete(`/api/addresses/${a3.id}`);
    expect(last.json()).toEqual([]);
    expect(await countOf(id)).toBe(0);
    // The next address is the first again and becomes default.
    expect((await createOk(b, usBody())).isDefault).toBe(true);
  });

  it('a tourist cannot default or delete -> 401', async () => {
    const b = browser(t.app);
    const owner = await login(t.app, BUYER);
    const target = (await listOf(owner))[1]!;
    for (const res of [
      await b.post(`/api/addresses/${target.id}/default`),
      await b.delete(`/api/addresses/${target.id}`),
      await put(b, `/api/addresses/${target.id}`, usBody()),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('Common.unauthorized');
    }
    expect(await listOf(owner)).toHaveLength(2);
  });
});

describe('concurrency', () => {
  it('5 parallel creates for a brand-new account end with exactly one default', async () => {
    const { b, id } = await signup();
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => create(b, usBody({ poiName: `${i + 1} Race St`, isDefault: false }))),
    );
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const created = results.map((r) => r.json<AddressDto>());
    expect(created.filter((a) => a.isDefault)).toHaveLength(1);
    expect(await countOf(id)).toBe(5);
    expect(await defaultsOf(id)).toEqual([BigInt(created.find((a) => a.isDefault)!.id)]);
    const list = await listOf(b);
    expect(list).toHaveLength(5);
    expect(list[0]!.isDefault).toBe(true);
    expect(list.slice(1).every((a) => !a.isDefault)).toBe(true);
  });

  it('5 parallel creates all asking for default also end with exactly one default', async () => {
    const { b, id } = await signup();
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => create(b, usBody({ poiName: `${i + 1} Race St`, isDefault: true }))),
    );
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    expect(await countOf(id)).toBe(5);
    expect(await defaultsOf(id)).toHaveLength(1);
  });
});
