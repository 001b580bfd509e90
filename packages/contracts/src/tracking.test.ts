import { describe, expect, it } from 'vitest';
import { TRACKING_FORMATS, trackingNumberIssue, trackingNumberSchema } from './tracking.js';

describe('tracking numbers per carrier', () => {
  it('a UPS number is refused for DHL, and a DHL one for UPS', () => {
    expect(trackingNumberIssue('DHL', '1Z999AA10123456784')).toBe('CARRIER_FORMAT');
    expect(trackingNumberIssue('UPS', '1234567890')).toBe('CARRIER_FORMAT');
    expect(trackingNumberIssue('UPS', '1Z999AA10123456784')).toBeNull();
    expect(trackingNumberIssue('DHL', '1234567890')).toBeNull();
    expect(trackingNumberIssue('DHL', 'JD014600000000000001')).toBeNull();
  });

  it('every example matches its own carrier only where formats differ', () => {
    for (const [code, f] of Object.entries(TRACKING_FORMATS))
      expect(trackingNumberIssue(code, f.example), code).toBeNull();
    expect(trackingNumberIssue('YAMATO', TRACKING_FORMATS.FEDEX!.example)).toBeNull(); // both 12 digits
    expect(trackingNumberIssue('FEDEX', TRACKING_FORMATS.UPS!.example)).toBe('CARRIER_FORMAT');
    expect(trackingNumberIssue('POSTNL', TRACKING_FORMATS.USPS!.example)).toBe('CARRIER_FORMAT');
  });

  it('unknown carriers (and none chosen yet) take letters and digits', () => {
    expect(trackingNumberIssue('TESTCARRIER', 'ABC123')).toBeNull();
    expect(trackingNumberIssue(null, 'ABC123')).toBeNull();
    expect(trackingNumberIssue(null, 'AB-12 34')).toBe('CHARACTERS');
    expect(trackingNumberIssue('UPS', '  ')).toBe('REQUIRED');
    expect(trackingNumberIssue(null, 'X'.repeat(41))).toBe('CHARACTERS');
  });

  it('the schema trims and upper-cases, and names the issue', () => {
    expect(trackingNumberSchema('UPS').parse(' 1z999aa10123456784 ')).toBe('1Z999AA10123456784');
    const r = trackingNumberSchema('DHL').safeParse('1Z999AA10123456784');
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({
      message: 'This is not a tracking number of the chosen carrier',
      params: { issue: 'CARRIER_FORMAT', carrierCode: 'DHL', example: '1234567890' },
    });
    expect(trackingNumberSchema().safeParse('').error!.issues[0]!.message).toBe('Please enter tracking number');
  });
});
