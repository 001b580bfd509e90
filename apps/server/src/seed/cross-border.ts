/**
 * Demo cross-border shop (NORMAL_SALE_CBE): Kyoto Craft Direct ships from Japan into the US site,
 * so its items there pay duties and import tax and need the buyer's real-name certificate
 * (SITES.US.crossBorder). kyoto@demo.shop is its seller.
 */
import type { Tx } from '../db/client.js';
import { crossBorderShops, items, shippingMethods, shops, skuPrices, skus, users } from '../db/schema/index.js';
import { methodNames, skuTexts } from './catalog-texts.js';
import { DEMO_ACCOUNTS } from './demo-accounts.js';

export const CROSS_BORDER_DEMO = {
  sellerEmail: DEMO_ACCOUNTS.kyoto.email,
  shopName: 'Kyoto Craft Direct',
  itemKey: 'arita-porcelain-tea-set',
  skuCode: 'ARITA-TEA-5',
} as const;

const TEA_SET_TEXTS: Record<string, { itemName: string; description: string }> = {
  de: { itemName: 'Arita-Porzellan-Teeservice', description: 'Handbemalte Kanne und vier Becher, versandt aus Japan.' },
  ja: { itemName: '有田焼 茶器セット', description: '手描きの急須と湯呑み4客。日本から発送します。' },
  es: {
    itemName: 'Juego de té de porcelana Arita',
    description: 'Tetera pintada a mano y cuatro tazas, enviado desde Japón.',
  },
  it: {
    itemName: 'Servizio da tè in porcellana Arita',
    description: 'Teiera dipinta a mano e quattro tazze, spedito dal Giappone.',
  },
  fr: {
    itemName: 'Service à thé en porcelaine d’Arita',
    description: 'Théière peinte à la main et quatre tasses, expédié du Japon.',
  },
  nl: {
    itemName: 'Arita-porseleinen theeservies',
    description: 'Handbeschilderde theepot en vier kopjes, verzonden uit Japan.',
  },
};

export async function seedCrossBorder(tx: Tx, opts: { passwordHash: string }): Promise<void> {
  const [seller] = await tx
    .insert(users)
    .values({
      email: CROSS_BORDER_DEMO.sellerEmail,
      nickname: 'Kyoto Craft',
      passwordHash: opts.passwordHash,
      userType: 'REGISTERED',
      role: 'SELLER',
      merchantAuditStatus: 'pass',
    })
    .returning();
  const [shop] = await tx
    .insert(shops)
    .values({
      name: CROSS_BORDER_DEMO.shopName,
      sellerId: seller!.id,
      siteAddress: '1-2 Shijo-dori, Shimogyo-ku, Kyoto',
      latitude: 35.0037,
      longitude: 135.7681,
    })
    .returning();
  await tx.insert(crossBorderShops).values({ shopId: shop!.id, site: 'US', originCountry: 'JP' });
  const [item] = await tx
    .insert(items)
    .values({
      shopId: shop!.id,
      urlKey: CROSS_BORDER_DEMO.itemKey,
      itemName: 'Arita Porcelain Tea Set',
      description: 'Hand-painted teapot and four cups, shipped from Japan.',
      texts: TEA_SET_TEXTS,
      category: 'tableware',
      mainImage: '/media/demo/coffee-200-Arita-Porcelain-Tea-Set.svg',
      businessType: 'NORMAL',
      commerceType: 'B2C',
      listed: true,
      sort: 100,
    })
    .returning();
  const [sku] = await tx
    .insert(skus)
    .values({
      itemId: item!.id,
      name: 'Grey',
      skuCode: CROSS_BORDER_DEMO.skuCode,
      image: '/media/demo/coffee-200-Grey.svg',
      attributes: [{ attrKey: 'Color', attrVal: 'Grey' }],
      nonfixedAttributes: [],
      texts: skuTexts('Grey', [{ attrKey: 'Color', attrVal: 'Grey' }]),
      stock: '50',
      maxQty: '5',
    })
    .returning();
  // $120.00 and its price in the other currencies (whole units, as the demo catalog).
  await tx.insert(skuPrices).values([
    { skuId: sku!.id, currency: 'USD', amountMinor: 12000n },
    { skuId: sku!.id, currency: 'GBP', amountMinor: 9500n },
    { skuId: sku!.id, currency: 'EUR', amountMinor: 11000n },
    { skuId: sku!.id, currency: 'JPY', amountMinor: 18000n },
  ]);
  await tx.insert(shippingMethods).values({
    shopId: shop!.id,
    code: 'STANDARD',
    ...methodNames('Standard delivery', '5-7 business days'),
    amounts: { USD: '1800', GBP: '1400', EUR: '1600', JPY: '1200' },
    countries: [],
    sort: 1,
  });
}
