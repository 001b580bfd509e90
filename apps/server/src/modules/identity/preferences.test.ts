import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, createTestApp, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Card = { urlKey: string; price: { value: string; currency: string } };
const priceOf = (list: { data: Card[] }, urlKey: string) => list.data.find((c) => c.urlKey === urlKey)!.price;

describe('preferences and sites', () => {
  it('choosing DE sets cookies, the session shows DE/de and prices turn EUR', async () => {
    const b = browser(t.app);
    const res = await b.post('/api/preferences', { site: 'DE' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ site: 'DE', language: 'de', userType: 'TOURIST' });
    expect(b.cookies.get('site')).toBe('DE');
    expect(b.cookies.get('lang')).toBe('de');

    expect((await b.get('/api/auth/session')).json()).toMatchObject({ site: 'DE', language: 'de' });

    const list = (await b.get('/api/catalog/items')).json();
    expect(list.data.length).toBeGreaterThan(0);
    for (const card of list.data as Card[]) expect(card.price.currency).toBe('EUR');
    expect(priceOf(list, 'standing-desk-e7')).toEqual({ value: '458.99', currency: 'EUR' });

    const detail = (await b.get('/api/catalog/items/standing-desk-e7')).json();
    expect(detail.skus.map((s: { salePrc: { currency: string } }) => s.salePrc.currency)).toEqual([
      'EUR',
      'EUR',
      'EUR',
    ]);
  });

  it('the default site is US with USD prices', async () => {
    const b = browser(t.app);
    const list = (await b.get('/api/catalog/items')).json();
    expect(priceOf(list, 'standing-desk-e7')).toEqual({ value: '498.99', currency: 'USD' });
  });

  it('JP prices are whole yen without decimals', async () => {
    const b = browser(t.app);
    expect((await b.post('/api/preferences', { site: 'JP' })).json()).toMatchObject({ site: 'JP', language: 'ja' });
    const list = (await b.get('/api/catalog/items')).json();
    for (const card of list.data as Card[]) {
      expect(card.price.currency).toBe('JPY');
      expect(card.price.value, card.urlKey).toMatch(/^\d+$/);
    }
    expect(priceOf(list, 'standing-desk-e7')).toEqual({ value: '74850', currency: 'JPY' });
    const coffee = (await b.get('/api/catalog/items/office-coffee-beans')).json();
    expect(coffee.skus[0].salePrc).toEqual({ value: '3600', currency: 'JPY' });
  });

  it('UK prices are in GBP', async () => {
    const b = browser(t.app);
    await b.post('/api/preferences', { site: 'UK' });
    const list = (await b.get('/api/catalog/items')).json();
    expect(priceOf(list, 'standing-desk-e7')).toEqual({ value: '393.99', currency: 'GBP' });
  });

  it('an explicit language wins over the site default', async () => {
    const b = browser(t.app);
    expect((await b.post('/api/preferences', { site: 'DE', language: 'en' })).json()).toMatchObject({
      site: 'DE',
      language: 'en',
    });
    expect((await b.get('/api/auth/session')).json()).toMatchObject({ site: 'DE', language: 'en' });
    // Changing only the language keeps the site.
    expect((await b.post('/api/preferences', { language: 'fr' })).json()).toMatchObject({ site: 'DE', language: 'fr' });
    expect(b.cookies.get('site')).toBe('DE');
  });

  it('rejects an invalid site or language and keeps the current choice', async () => {
    const b = browser(t.app);
    await b.post('/api/preferences', { site: 'NL' });
    for (const body of [{ site: 'XX' }, { site: 'nl' }, { language: 'jp' }, { site: 'DE', extra: 1 }]) {
      const res = await b.post('/api/preferences', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('Common.invalidRequest');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect((await b.get('/api/auth/session')).json()).toMatchObject({ site: 'NL', language: 'nl' });
  });

  it('a forged site cookie falls back to US', async () => {
    const b = browser(t.app);
    b.cookies.set('site', 'XX');
    b.cookies.set('lang', 'klingon');
    expect((await b.get('/api/auth/session')).json()).toMatchObject({ site: 'US', language: 'en' });
    expect((await b.get('/api/catalog/items')).json().data[0].price.currency).toBe('USD');
  });

  it('requires the CSRF header', async () => {
    const b = browser(t.app);
    const res = await b.post('/api/preferences', { site: 'DE' }, { noCsrf: true });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('Common.csrfRejected');
    expect(b.cookies.size).toBe(0);
  });

  it('lists the 8 sites', async () => {
    const res = await browser(t.app).get('/api/sites');
    expect(res.statusCode).toBe(200);
    const sites = res.json<{ code: string; currency: string }[]>();
    expect(sites.map((s) => s.code)).toEqual(['US', 'UK', 'DE', 'JP', 'ES', 'IT', 'FR', 'NL']);
    expect(sites.find((s) => s.code === 'JP')!.currency).toBe('JPY');
  });
});
