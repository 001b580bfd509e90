/**
 * The demo accounts the seed creates (password DEMO_PASSWORD): the seed takes their emails from
 * here and the start banner prints this list, so the two cannot differ; README's table is
 * checked against it (demo-accounts.test.ts).
 */
export const DEMO_ACCOUNTS = {
  buyer: { email: 'buyer@demo.shop', description: 'registered buyer' },
  main: { email: 'main@demo.shop', description: 'enterprise main account (Acme Office Supplies)' },
  sub1: { email: 'sub1@demo.shop', description: 'enterprise sub-account, approved' },
  sub2: { email: 'sub2@demo.shop', description: 'enterprise sub-account, pending approval' },
  seller: { email: 'seller@demo.shop', description: 'seller of the FlexiDesk Official shop' },
  seller2: { email: 'seller2@demo.shop', description: 'seller of the Nordic Home shop' },
  services: { email: 'services@demo.shop', description: 'seller of the Mall Services shop (super member plans)' },
  business: {
    email: 'becker@demo.shop',
    description: 'business buyer (Becker Büro GmbH, NL site): VAT invoices issued and requested',
  },
  operator: {
    email: 'operator@demo.shop',
    description: 'platform operator: reviews merchant applications, freezes / clears / restores sellers',
  },
  kyoto: {
    email: 'kyoto@demo.shop',
    description: 'seller of Kyoto Craft Direct, which ships cross-border into the US site from Japan',
  },
} as const;
