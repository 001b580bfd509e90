import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, createTestApp, login, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const INFO = '/sapi/mall-enterprise/enterprise/queryEnterpriseUserInfo';
const CHILDREN = '/sapi/mall-enterprise/enterprise/queryEnterpriseChildList';

describe('enterprise user info', () => {
  it('main account: isMain and limits as money objects', async () => {
    const b = await login(t.app, 'main@demo.shop');
    const res = await b.post(INFO, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      isMain: true,
      nickname: 'Acme Main',
      enterpriseName: 'Acme Office Supplies',
      accountLimitInfo: {
        isMain: true,
        orderAmt: { value: '50000.00', currency: 'USD' },
        remainingAmt: { value: '25000.00', currency: 'USD' },
        creditAmt: { value: '50000.00', currency: 'USD' },
      },
    });
  });

  it('sub-account: not main, its own limits', async () => {
    const b = await login(t.app, 'sub1@demo.shop');
    const res = await b.post(INFO, { site: 'DE' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      isMain: false,
      nickname: 'Acme Purchasing',
      enterpriseName: 'Acme Office Supplies',
      accountLimitInfo: {
        isMain: false,
        orderAmt: { value: '1000.00', currency: 'USD' },
        creditAmt: { value: '2000.00', currency: 'USD' },
      },
    });
  });

  it('the session shows the enterprise', async () => {
    const main = await login(t.app, 'main@demo.shop');
    expect((await main.get('/api/auth/session')).json().enterprise).toMatchObject({
      enterpriseName: 'Acme Office Supplies',
      isMain: true,
      status: 'ENABLED',
      nickname: 'Acme Main',
    });
    const sub2 = await login(t.app, 'sub2@demo.shop');
    expect((await sub2.get('/api/auth/session')).json().enterprise).toMatchObject({
      isMain: false,
      status: 'PENDING_APPROVAL',
    });
  });

  it('a plain buyer -> 403 Enterprise.notEnterpriseUser', async () => {
    const b = await login(t.app, 'buyer@demo.shop');
    const res = await b.post(INFO, {});
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'Enterprise.notEnterpriseUser' });
  });

  it('a tourist -> 401 Common.unauthorized', async () => {
    const res = await browser(t.app).post(INFO, {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'Common.unauthorized' });
  });
});

describe('enterprise child list', () => {
  it('main account sees sub1 ENABLED and sub2 PENDING_APPROVAL, not itself', async () => {
    const b = await login(t.app, 'main@demo.shop');
    const res = await b.post(CHILDREN, {});
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.data.map((c: { username: string; status: string }) => [c.username, c.status])).toEqual([
      ['Acme Purchasing', 'ENABLED'],
      ['Acme New Hire', 'PENDING_APPROVAL'],
    ]);
    for (const c of body.data) expect(c.userId).toMatch(/^\d+$/);
  });

  it('pages', async () => {
    const b = await login(t.app, 'main@demo.shop');
    const body = (await b.post(CHILDREN, { pageNum: 2, pageSize: 1 })).json();
    expect(body.total).toBe(2);
    expect(body.data.map((c: { username: string }) => c.username)).toEqual(['Acme New Hire']);
  });

  it('sub-account -> 403 Enterprise.notMainAccount', async () => {
    const b = await login(t.app, 'sub1@demo.shop');
    const res = await b.post(CHILDREN, {});
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'Enterprise.notMainAccount' });
  });

  it('a plain buyer -> 403 Enterprise.notEnterpriseUser', async () => {
    const b = await login(t.app, 'buyer@demo.shop');
    const res = await b.post(CHILDREN, {});
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('Enterprise.notEnterpriseUser');
  });

  it('a tourist -> 401 Common.unauthorized', async () => {
    const res = await browser(t.app).post(CHILDREN, {});
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('Common.unauthorized');
  });

  it('rejects bad bodies', async () => {
    const b = await login(t.app, 'main@demo.shop');
    for (const body of [{ pageNum: 0 }, { pageSize: '10' }, { enterpriseId: '1' }]) {
      const res = await b.post(CHILDREN, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('Common.invalidRequest');
    }
  });
});
