import { describe, expect, it } from 'vitest';
import { matchRoute, routeHints, type RouteFiles } from './route-hints.js';

const FILES: RouteFiles = {
  routes: [
    { path: '/', scripts: ['assets/HomePage-1.js'], styles: [], areas: [] },
    { path: '/buyer/orders', scripts: ['assets/BuyerLayout-1.js', 'assets/OrdersPage-1.js'], styles: [], areas: ['orders'] },
    { path: '/buyer/:section', scripts: ['assets/Section-1.js'], styles: [], areas: [] },
    { path: '/item/:urlKey', scripts: ['assets/ItemPage-1.js'], styles: ['assets/ItemPage-1.css'], areas: ['gallery'] },
    { path: '/evil', scripts: ['assets/x.js"><script>alert(1)</script>', '../secret.js'], styles: [], areas: [] },
    { path: '*', scripts: ['assets/NotFound-1.js'], styles: [], areas: [] },
  ],
  texts: { en: { orders: ['assets/en-o.js'], gallery: ['assets/en-g.js'] }, de: { '': ['assets/de-base.js'], orders: ['assets/de-o.js'] } },
};

const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);

describe('the route a path opens (route-hints.ts)', () => {
  it('matches as React Router does: any case, a trailing slash, a fixed segment before a parameter', () => {
    expect(matchRoute(FILES.routes, '/')?.path).toBe('/');
    expect(matchRoute(FILES.routes, '/Buyer/Orders/')?.path).toBe('/buyer/orders');
    expect(matchRoute(FILES.routes, '/buyer/cards')?.path).toBe('/buyer/:section');
    expect(matchRoute(FILES.routes, '/item/standing-desk-e7')?.path).toBe('/item/:urlKey');
  });

  it('names no route for a path nothing declares (the not-found page gets no hints)', () => {
    expect(matchRoute(FILES.routes, '/no/such/page')).toBeUndefined();
    expect(matchRoute(FILES.routes, '/item')).toBeUndefined();
    expect(routeHints(FILES, '/no-such-page', 'en')).toBe('');
  });
});

describe('the hints in the app shell (route-hints.ts)', () => {
  it("names the route's scripts and its English texts, fetched at low priority, and its styles as preloads", () => {
    const html = routeHints(FILES, '/item/standing-desk-e7', 'en');
    expect(hrefs(html)).toEqual(['/assets/ItemPage-1.js', '/assets/en-g.js', '/assets/ItemPage-1.css']);
    expect(html).toBe('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/ItemPage-1.js">'
      + '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/en-g.js">'
      + '<link rel="preload" as="style" fetchpriority="low" crossorigin href="/assets/ItemPage-1.css">');
  });

  it("adds another language's base texts and its areas, after the English fallback", () => {
    expect(hrefs(routeHints(FILES, '/buyer/orders', 'de'))).toEqual(
      ['/assets/BuyerLayout-1.js', '/assets/OrdersPage-1.js', '/assets/en-o.js', '/assets/de-base.js', '/assets/de-o.js']);
    // A language the build has no texts for gets the English ones only.
    expect(hrefs(routeHints(FILES, '/buyer/orders', 'xx'))).toEqual(['/assets/BuyerLayout-1.js', '/assets/OrdersPage-1.js', '/assets/en-o.js']);
  });

  it('puts nothing in the page but names of built assets', () => {
    expect(routeHints(FILES, '/evil', 'en')).toBe('');
  });
});
