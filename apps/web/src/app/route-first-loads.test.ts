import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRoutes, routeFilesOf } from '../../route-first-loads';

const router = fs.readFileSync(path.join(import.meta.dirname, 'router.tsx'), 'utf8');

describe("each route's first-load files (route-first-loads.ts)", () => {
  it('reads every route of router.tsx with the modules it loads, layouts first, and its text areas', () => {
    const routes = readRoutes(router);
    const byPath = new Map(routes.map((r) => [r.path, r]));
    expect(byPath.get('/buyer/orders')).toEqual({ path: '/buyer/orders', modules: ['../features/buyer/BuyerLayout', '../features/orders/OrdersPage'], areas: ['orders', 'comment'] });
    // A loader named by a constant, an object member, and areas named by a constant.
    expect(byPath.get('/checkout')).toMatchObject({ modules: ['../features/checkout/CheckoutPage'], areas: ['orders'] });
    expect(byPath.get('/item/:urlKey')).toMatchObject({ modules: ['../features/catalog/ItemPage'], areas: ['gallery', 'ratings'] });
    expect(byPath.get('/buyer/as-list')).toMatchObject({ modules: ['../features/buyer/BuyerLayout', '../features/aftersales/pages/ListPage'], areas: ['aftersales', 'orders', 'comment', 'gallery'] });
    // The policy routes made from POLICY_PAGES.
    expect(byPath.get('/agb')).toMatchObject({ modules: ['../features/content/PolicyPage'], areas: ['content'] });
    // Every path the router declares with a page, and nothing else (`/buyer` only redirects).
    const declared = [...router.matchAll(/path: '([^']+)', \.\.\.page\(/g)].map((m) => m[1]);
    const policies = [...router.slice(0, router.indexOf('};')).matchAll(/'(\/[^']+)': '/g)].map((m) => m[1]);
    expect(routes.map((r) => r.path).sort()).toEqual([...declared, ...policies].sort());
    expect(byPath.has('/buyer')).toBe(false);
  });

  it('fails rather than skip a page whose loader it cannot read', () => {
    const source = `const load = pick(); const routes = [{ path: '/x', ...page(load, (m) => m.X) }];`;
    expect(() => readRoutes(source)).toThrow(/cannot read the loader of a page\(\) at 1:/);
  });

  it("writes each route's files beyond the shell's, and each text area's per language", async () => {
    const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], extra = {}) =>
      ({ type: 'chunk', fileName, moduleIds, imports, isEntry: false, viteMetadata: { importedCss: new Set() }, ...extra });
    const src = path.resolve(import.meta.dirname, '..');
    const bundle: Record<string, unknown> = {
      index: chunk('assets/index-1.js', [`${src}/main.tsx`], ['assets/common-1.js'], { isEntry: true }),
      common: chunk('assets/common-1.js', [`${src}/app/router.tsx`]),
      layout: chunk('assets/BuyerLayout-1.js', [`${src}/features/buyer/BuyerLayout.tsx`], ['assets/common-1.js', 'assets/Collapse-1.js']),
      collapse: chunk('assets/Collapse-1.js', ['/nm/Collapse.mjs']),
      orders: chunk('assets/OrdersPage-1.js', [`${src}/features/orders/OrdersPage.tsx`], ['assets/common-1.js', 'assets/Tabs-1.js']),
      tabs: chunk('assets/Tabs-1.js', ['/nm/Tabs.mjs'], [], { viteMetadata: { importedCss: new Set(['assets/Tabs-1.css']) } }),
      ordersEn: chunk('assets/en-1.js', [`${src}/locales/orders/en.json`]),
      ordersDe: chunk('assets/de-1.js', [`${src}/locales/orders/de.json`]),
      de: chunk('assets/de-2.js', [`${src}/locales/de.json`]),
    };
    // Only the route this bundle has chunks for; modules resolve as Vite does.
    const routes = readRoutes(router).filter((r) => r.path === '/buyer/orders');
    const out = await routeFilesOf(routes, bundle as never, async (spec) => `${path.resolve(src, 'app', spec)}.tsx`);
    expect(out.routes).toEqual([{
      path: '/buyer/orders',
      scripts: ['assets/BuyerLayout-1.js', 'assets/Collapse-1.js', 'assets/OrdersPage-1.js', 'assets/Tabs-1.js'],
      styles: ['assets/Tabs-1.css'],
      areas: ['orders', 'comment'],
    }]);
    expect(out.texts).toEqual({ en: { orders: ['assets/en-1.js'] }, de: { orders: ['assets/de-1.js'], '': ['assets/de-2.js'] } });
  });
});
