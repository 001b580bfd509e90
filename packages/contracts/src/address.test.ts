import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PHONE_PATTERN,
  HEAR_FROM_OPTIONS,
  MAX_LEN,
  addressInput,
  isValidPhone,
  phoneDigits,
  SITES,
  type Site,
} from './index.js';

/** A complete, valid US shipping address (shape of toBody in the web AddressForm). */
const valid = (over: Record<string, unknown> = {}) => ({
  firstName: 'Dana',
  lastName: 'Buyer',
  gender: 'FEMALE',
  personPhone: '415 555 0100',
  areaCode: '+1',
  email: 'dana@example.com',
  countryId: '1',
  countryCode: 'US',
  province: 'California',
  provinceId: '2',
  city: 'San Francisco',
  cityId: '3',
  districtList: [
    { level: 2, name: 'California', id: '2' },
    { level: 3, name: 'San Francisco', id: '3' },
  ],
  postalCode: '94105',
  poiName: '2 Market St',
  detailAddress: 'Suite 400',
  addressType: 'PERSON',
  isDefault: false,
  hearFrom: 'onlineSearch',
  ...over,
});
const without = (key: string, over: Record<string, unknown> = {}) => {
  const v: Record<string, unknown> = valid(over);
  delete v[key];
  return v;
};

type Issue = { path: string; message: string };
/** Issues as the server reports them: `/path` and the message key. */
function issues(site: Site, body: unknown, purpose: 'SHIPPING' | 'BILLING' = 'SHIPPING'): Issue[] {
  const r = addressInput({ site, purpose }).safeParse(body);
  return r.success ? [] : r.error.issues.map((i) => ({ path: `/${i.path.join('/')}`, message: i.message }));
}
const ok = (site: Site, body: unknown, purpose: 'SHIPPING' | 'BILLING' = 'SHIPPING') =>
  expect(issues(site, body, purpose)).toEqual([]);

describe('isValidPhone', () => {
  it('US: 10 digits, optionally with a leading 1; spaces, dashes, dots and brackets are ignored', () => {
    expect(isValidPhone('US', '4155550100')).toBe(true);
    expect(isValidPhone('US', '14155550100')).toBe(true);
    expect(isValidPhone('US', '(415) 555-0100')).toBe(true);
    expect(isValidPhone('US', '415.555.0100')).toBe(true);
    expect(isValidPhone('US', '415 555 010')).toBe(false);
    expect(isValidPhone('US', '24155550100')).toBe(false);
    expect(isValidPhone('US', '415555010a')).toBe(false);
    expect(isValidPhone('US', '')).toBe(false);
  });

  it('GB: 10 digits, optionally with a leading 0', () => {
    expect(isValidPhone('GB', '020 7946 0958')).toBe(true);
    expect(isValidPhone('GB', '7946095812')).toBe(true);
    expect(isValidPhone('GB', '020 7946 09')).toBe(false);
    expect(isValidPhone('GB', '020 7946 09581')).toBe(false);
  });

  it('DE and AT: 6 to 13 digits after an optional 0', () => {
    expect(isValidPhone('DE', '030 1234567')).toBe(true);
    expect(isValidPhone('DE', '123456')).toBe(true);
    expect(isValidPhone('DE', '12345')).toBe(false);
    expect(isValidPhone('AT', '01 5880')).toBe(true);
    expect(isValidPhone('AT', '0' + '1'.repeat(14))).toBe(false);
  });

  it('other listed countries use their own patterns', () => {
    expect(isValidPhone('JP', '03-1234-5678')).toBe(true);
    expect(isValidPhone('JP', '03-1234-567')).toBe(true);
    expect(isValidPhone('JP', '03-123-456')).toBe(false);
    expect(isValidPhone('ES', '612 345 678')).toBe(true);
    expect(isValidPhone('ES', '0612 345 678')).toBe(false);
    expect(isValidPhone('CH', '044 668 18 00')).toBe(true);
    expect(isValidPhone('FR', '01 23 45 67 89')).toBe(true);
    expect(isValidPhone('NL', '020 123 4567')).toBe(true);
    expect(isValidPhone('IT', '06 1234')).toBe(true);
  });

  it('an unlisted country falls back to 5 to 15 digits', () => {
    expect(DEFAULT_PHONE_PATTERN.test('12345')).toBe(true);
    expect(isValidPhone('BR', '11 98765 4321')).toBe(true);
    expect(isValidPhone('BR', '1234')).toBe(false);
    expect(isValidPhone('BR', '1'.repeat(16))).toBe(false);
  });

  it('phoneDigits strips separators only', () => {
    expect(phoneDigits(' (415) 555-01.00 ')).toBe('4155550100');
    expect(phoneDigits('+1 415')).toBe('+1415');
  });
});

describe('addressInput: the valid address', () => {
  it('parses and trims a complete US address', () => {
    const r = addressInput({ site: SITES.US, purpose: 'SHIPPING' }).parse(
      valid({ firstName: '  Dana  ', city: ' San Francisco ' }),
    );
    expect(r).toMatchObject({
      firstName: 'Dana',
      city: 'San Francisco',
      countryCode: 'US',
      addressType: 'PERSON',
      hearFrom: 'onlineSearch',
    });
  });

  it('accepts every hearFrom option', () => {
    expect(HEAR_FROM_OPTIONS).toHaveLength(8);
    for (const hearFrom of HEAR_FROM_OPTIONS)
      ok(SITES.US, valid({ hearFrom, hearFromInput: hearFrom === 'other' ? 'a friend' : undefined }));
  });

  it('accepts each field at its maximum length', () => {
    ok(
      SITES.US,
      valid({
        firstName: 'a'.repeat(MAX_LEN.name),
        lastName: 'b'.repeat(MAX_LEN.name),
        city: 'c'.repeat(MAX_LEN.city),
        province: 'p'.repeat(MAX_LEN.city),
        poiName: 's'.repeat(MAX_LEN.street),
        detailAddress: 'd'.repeat(MAX_LEN.detailAddress),
        email: `${'e'.repeat(MAX_LEN.email - '@example.com'.length)}@example.com`,
        addressType: 'COMPANY',
        company: 'x'.repeat(MAX_LEN.company),
        hearFrom: 'other',
        hearFromInput: 'h'.repeat(MAX_LEN.hearFrom),
      }),
    );
  });
});

describe('addressInput: one failing rule at a time', () => {
  const cases: [string, Record<string, unknown>, Issue[]][] = [
    ['missing firstName', without('firstName'), [{ path: '/firstName', message: 'validation.required' }]],
    ['blank firstName', valid({ firstName: '   ' }), [{ path: '/firstName', message: 'validation.required' }]],
    [
      'firstName of 101 chars',
      valid({ firstName: 'a'.repeat(101) }),
      [{ path: '/firstName', message: 'validation.tooLong' }],
    ],
    ['missing lastName', without('lastName'), [{ path: '/lastName', message: 'validation.required' }]],
    ['missing gender', without('gender'), [{ path: '/gender', message: 'validation.required' }]],
    ['unknown gender', valid({ gender: 'OTHER' }), [{ path: '/gender', message: 'validation.required' }]],
    ['missing phone', without('personPhone'), [{ path: '/personPhone', message: 'validation.required' }]],
    [
      'phone over 20 chars',
      valid({ personPhone: '415 555 0100 0000 0000' }),
      [
        { path: '/personPhone', message: 'validation.tooLong' },
        { path: '/personPhone', message: 'validation.phone' },
      ],
    ],
    [
      'phone not matching the US pattern',
      valid({ personPhone: '12345' }),
      [{ path: '/personPhone', message: 'validation.phone' }],
    ],
    ['bad areaCode', valid({ areaCode: '+12345' }), [{ path: '/areaCode', message: 'validation.areaCode' }]],
    ['missing email', without('email'), [{ path: '/email', message: 'validation.required' }]],
    ['bad email', valid({ email: 'not-an-email' }), [{ path: '/email', message: 'validation.email' }]],
    ['email with a quote', valid({ email: 'a"b@example.com' }), [{ path: '/email', message: 'validation.email' }]],
    [
      'email over 50 chars',
      valid({ email: `${'e'.repeat(39)}@example.com` }),
      [{ path: '/email', message: 'validation.tooLong' }],
    ],
    ['missing countryId', without('countryId'), [{ path: '/countryId', message: 'validation.required' }]],
    ['non-numeric countryId', valid({ countryId: 'US' }), [{ path: '/countryId', message: 'validation.required' }]],
    ['missing countryCode', without('countryCode'), [{ path: '/countryCode', message: 'validation.required' }]],
    ['missing province on US', without('province'), [{ path: '/province', message: 'validation.required' }]],
    ['missing city', without('city'), [{ path: '/city', message: 'validation.required' }]],
    ['city over 100 chars', valid({ city: 'c'.repeat(101) }), [{ path: '/city', message: 'validation.tooLong' }]],
    ['missing postal code', without('postalCode'), [{ path: '/postalCode', message: 'validation.required' }]],
    ['missing street', without('poiName'), [{ path: '/poiName', message: 'validation.required' }]],
    [
      'street over 200 chars',
      valid({ poiName: 's'.repeat(201) }),
      [{ path: '/poiName', message: 'validation.tooLong' }],
    ],
    ['missing detailAddress', without('detailAddress'), [{ path: '/detailAddress', message: 'validation.required' }]],
    [
      'detailAddress with a double quote',
      valid({ detailAddress: 'Suite "400"' }),
      [{ path: '/detailAddress', message: 'validation.specialChars' }],
    ],
    [
      'detailAddress over 200 chars',
      valid({ detailAddress: 'd'.repeat(201) }),
      [{ path: '/detailAddress', message: 'validation.tooLong' }],
    ],
    ['missing addressType', without('addressType'), [{ path: '/addressType', message: 'validation.required' }]],
    [
      'COMPANY without company',
      valid({ addressType: 'COMPANY' }),
      [{ path: '/company', message: 'validation.required' }],
    ],
    [
      'COMPANY with a blank company',
      valid({ addressType: 'COMPANY', company: '  ' }),
      [{ path: '/company', message: 'validation.required' }],
    ],
    [
      'company over 200 chars',
      valid({ addressType: 'COMPANY', company: 'x'.repeat(201) }),
      [{ path: '/company', message: 'validation.tooLong' }],
    ],
    ['missing hearFrom on US', without('hearFrom'), [{ path: '/hearFrom', message: 'validation.required' }]],
    [
      'hearFrom other without hearFromInput',
      valid({ hearFrom: 'other' }),
      [{ path: '/hearFromInput', message: 'validation.required' }],
    ],
    [
      'hearFromInput over 200 chars',
      valid({ hearFrom: 'other', hearFromInput: 'h'.repeat(201) }),
      [{ path: '/hearFromInput', message: 'validation.tooLong' }],
    ],
  ];
  it.each(cases)('%s', (_name, body, expected) => {
    expect(issues(SITES.US, body)).toEqual(expected);
  });

  it('an unknown field is rejected', () => {
    expect(issues(SITES.US, valid({ admin: true }))).toEqual([{ path: '/', message: 'Unrecognized key: "admin"' }]);
  });

  it('a body that is not an object gives one issue and never throws', () => {
    for (const body of [null, undefined, 'x', 42, [1]]) {
      const r = addressInput({ site: SITES.US, purpose: 'SHIPPING' }).safeParse(body);
      expect(r.success, JSON.stringify(body)).toBe(false);
      expect(
        r.error!.issues.map((i) => i.path),
        JSON.stringify(body),
      ).toEqual([[]]);
    }
  });

  it('reports every failing field at once, cross-field rules included', () => {
    const found = issues(SITES.US, { countryCode: 'US', personPhone: '1', addressType: 'COMPANY', hearFrom: 'other' });
    const paths = found.map((i) => i.path);
    for (const p of [
      '/firstName',
      '/lastName',
      '/gender',
      '/email',
      '/countryId',
      '/province',
      '/city',
      '/postalCode',
      '/poiName',
      '/detailAddress',
    ])
      expect(paths, p).toContain(p);
    expect(found).toEqual(
      expect.arrayContaining([
        { path: '/personPhone', message: 'validation.phone' },
        { path: '/company', message: 'validation.required' },
        { path: '/hearFromInput', message: 'validation.required' },
      ]),
    );
  });
});

describe('addressInput: per-site rules', () => {
  it('province is required on US but optional on UK, DE, FR and NL', () => {
    expect(issues(SITES.US, without('province'))).toEqual([{ path: '/province', message: 'validation.required' }]);
    ok(SITES.UK, without('province', { countryCode: 'GB', personPhone: '020 7946 0958', postalCode: 'SW1A 1AA' }));
    ok(SITES.DE, without('province', { countryCode: 'DE', personPhone: '030 1234567', postalCode: '10115' }));
    ok(SITES.FR, without('province', { countryCode: 'FR', personPhone: '01 23 45 67 89', postalCode: '75001' }));
    ok(SITES.NL, without('province', { countryCode: 'NL', personPhone: '020 123 4567', postalCode: '1012 AB' }));
  });

  it('UK checks the British postal code', () => {
    const gb = (postalCode: string) => valid({ countryCode: 'GB', personPhone: '020 7946 0958', postalCode });
    ok(SITES.UK, gb('SW1A 1AA'));
    ok(SITES.UK, gb('ec1a1bb'));
    expect(issues(SITES.UK, gb('ABC'))).toEqual([{ path: '/postalCode', message: 'validation.postalCode' }]);
    expect(issues(SITES.UK, gb('12345'))).toEqual([{ path: '/postalCode', message: 'validation.postalCode' }]);
  });

  it('DE checks the postal code by destination country', () => {
    const de = (countryCode: string, postalCode: string) =>
      valid({ countryCode, personPhone: '030 1234567', postalCode });
    ok(SITES.DE, de('DE', '10115'));
    ok(SITES.DE, de('AT', '1010'));
    ok(SITES.DE, de('CH', '8001'));
    expect(issues(SITES.DE, de('DE', '1010'))).toEqual([{ path: '/postalCode', message: 'validation.postalCode' }]);
    expect(issues(SITES.DE, de('AT', '10115'))).toEqual([{ path: '/postalCode', message: 'validation.postalCode' }]);
  });

  it('US accepts any non-empty postal code, but not a blank one', () => {
    for (const postalCode of ['94105', 'ABC', '1', 'SW1A 1AA']) ok(SITES.US, valid({ postalCode }));
    expect(issues(SITES.US, valid({ postalCode: '   ' }))).toEqual([
      { path: '/postalCode', message: 'validation.required' },
    ]);
  });

  it('the phone pattern follows the destination country, not the site', () => {
    // A German number is too short for the US pattern but fine for a German destination.
    expect(issues(SITES.US, valid({ personPhone: '030 123456' }))).toEqual([
      { path: '/personPhone', message: 'validation.phone' },
    ]);
    ok(SITES.DE, valid({ countryCode: 'DE', personPhone: '030 123456', postalCode: '10115' }));
  });

  it('billing addresses need no address type and no quick quiz', () => {
    ok(SITES.US, without('hearFrom', { addressType: undefined }), 'BILLING');
    expect(issues(SITES.US, without('hearFrom', { addressType: undefined }))).toEqual([
      { path: '/addressType', message: 'validation.required' },
      { path: '/hearFrom', message: 'validation.required' },
    ]);
  });

  it('a PERSON address may carry a company (the server drops it)', () => {
    ok(SITES.US, valid({ addressType: 'PERSON', company: 'Acme' }));
  });
});

describe('typed (one-order) addresses at checkout ask only what delivery needs', () => {
  const typed = (site: Site, body: unknown, purpose: 'SHIPPING' | 'BILLING' = 'SHIPPING') => {
    const r = addressInput({ site, purpose, kind: 'typed' }).safeParse(body);
    return r.success ? [] : r.error.issues.map((i) => ({ path: `/${i.path.join('/')}`, message: i.message }));
  };

  it('gender and the second address line may be left out or empty; the saved address still needs both', () => {
    for (const site of [SITES.US, SITES.DE, SITES.JP]) {
      const body = without('gender', { detailAddress: '' });
      expect(typed(site, body)).toEqual([]);
      expect(typed(site, without('detailAddress', { gender: undefined }))).toEqual([]);
      expect(typed(site, body, 'BILLING')).toEqual([]);
      expect(issues(site, body)).toEqual(
        expect.arrayContaining([
          { path: '/gender', message: 'validation.required' },
          { path: '/detailAddress', message: 'validation.required' },
        ]),
      );
    }
  });

  it('a typed second line still may not hold a double quote or be too long', () => {
    expect(typed(SITES.US, valid({ detailAddress: 'Apt "5"' }))).toEqual([
      { path: '/detailAddress', message: 'validation.specialChars' },
    ]);
    expect(typed(SITES.US, valid({ detailAddress: 'x'.repeat(MAX_LEN.detailAddress + 1) }))).toEqual([
      { path: '/detailAddress', message: 'validation.tooLong' },
    ]);
  });

  it('everything else stays required, reported all at once', () => {
    const paths = typed(SITES.US, {}).map((i) => i.path);
    for (const p of [
      '/firstName',
      '/lastName',
      '/personPhone',
      '/email',
      '/countryId',
      '/countryCode',
      '/province',
      '/city',
      '/postalCode',
      '/poiName',
      '/addressType',
    ])
      expect(paths).toContain(p);
    expect(paths).not.toContain('/gender');
    expect(paths).not.toContain('/detailAddress');
  });
});
