import { beforeEach, describe, expect, it, vi } from 'vitest';

const started: { path: string; body: unknown }[] = [];
const sent: { path: string; body: unknown }[] = [];
vi.mock('../shared/api', () => ({
  startEarly: (path: string, body: unknown) => { started.push({ path, body }); },
  provideEarly: () => {},
  api: (path: string, init: { body?: unknown } = {}) => { sent.push({ path, body: init.body }); return Promise.resolve({}); },
  ApiError: class extends Error {},
}));
const { startEarlyReads } = await import('./early');
const { fetchPayResult } = await import('../features/payment/api');

describe('early reads', () => {
  beforeEach(() => { started.length = 0; sent.length = 0; });

  it("reads the payment's status as the payer comes back from the provider, with the request the page's first poll sends", async () => {
    startEarlyReads({ pathname: '/buyer/pay-result', search: '?contractId=44&buyerId=7&paymentOrderId=P1&totalAmt=12.50' }, undefined);
    expect(started).toEqual([{ path: '/sapi/mall-pay/payment/payResult', body: { contractId: '44' } }]);
    // Identical, so shared/api.ts hands the early answer to the page's first poll.
    await fetchPayResult('44');
    expect(sent).toEqual(started);
  });

  it('starts nothing for a pay result without a contract or one waiting for the main account', () => {
    startEarlyReads({ pathname: '/buyer/pay-result', search: '?status=success' }, undefined);
    startEarlyReads({ pathname: '/buyer/pay-result', search: '?status=master-pending&contractId=44' }, undefined);
    expect(started).toEqual([]);
  });
});
