import { afterAll, beforeAll, it } from 'vitest';
import { browser, createTestApp, login, skuIdOf, type TestApp } from '../../../test/helpers.js';
import fs from 'node:fs';
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });
it('dump', async () => {
  const b = await login(t.app, 'buyer@demo.shop');
  const e7 = await skuIdOf(t.app, 'standing-desk-e7', 'E7-BLK-140');
  const lamp = await skuIdOf(t.app, 'monitor-lamp', 'LAMP-BAR');
  const addrs = (await b.post('/sapi/mall-customer/shipping-address/queryShippingAddressListFlow', {})).json();
  const r = await b.post('/api/checkout/preview', { previewTradeContractLineReqTOList: [{ skuId: e7, qty: '1' }, { skuId: lamp, qty: '1' }], selectedAddress: { id: '1' } });
  fs.writeFileSync('/tmp/scratch/p1.json', JSON.stringify({ addrs, status: r.statusCode, body: r.json() }, null, 1));
});
