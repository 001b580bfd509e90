/**
 * Demo orders: the demo accounts have an order in every display status (presale, points, DIY,
 * gift, service, bulk, multi-package, pickup, sub-account ones), so every order screen shows
 * real content on first start. Amounts are computed like checkout does (US site, USD).
 */
import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { SITES } from '@mall/contracts';
import { applyRate, bundleUnitMinor, lineAmount, taxRateFor, type OrderStatus } from '@mall/domain';
import type { Tx } from '../db/client.js';
import {
  addresses,
  carriers,
  itemParts,
  items,
  mockpayPayments,
  paymentRecords,
  pickupStores,
  regions,
  reverseTradeOrderLines,
  reverseTradeOrders,
  shipmentPackageLines,
  shipmentPackages,
  shippingMethods,
  shops,
  skuPrices,
  skus,
  tradeContracts,
  tradeOrderLineCoupons,
  tradeOrderLines,
  tradeOrders,
  trackingEvents,
} from '../db/schema/index.js';
import { toAddressDto } from '../modules/address/service.js';
import { STORE_PICKUP } from '../modules/fulfillment/service.js';
import { earnPoints, spendPoints } from '../modules/points/ledger.js';
import { newServiceCode, newServicePassword } from '../modules/service-codes/codes.js';
import { GROUP_BUY_DEMO, seedGroupBuy } from './group-buy.js';

const DAY = 86400_000;

export const CARRIERS = [
  { code: 'UPS', entityName: 'UPS' },
  { code: 'FEDEX', entityName: 'FedEx' },
  { code: 'USPS', entityName: 'USPS' },
  { code: 'DHL', entityName: 'DHL Express' },
  { code: 'POSTNL', entityName: 'PostNL' },
  { code: 'YAMATO', entityName: 'Yamato Transport' },
  // Not offered to sellers: pickup orders are handed over in the store under this "carrier".
  { code: STORE_PICKUP, entityName: 'In-store pickup' },
];

interface PackageSpec {
  lines: [string, string][];
  carrier: string;
  code: string;
  events: [number, string, string?][];
  signed?: 'BUYER' | 'AUTO';
}
interface OrderSpec {
  buyer: bigint;
  shop: bigint;
  lines: [string, string][];
  status: OrderStatus;
  ageDays: number;
  tradeType?: string;
  pickup?: boolean;
  payChannel?: string;
  presale?: boolean;
  masterStatus?: 'PENDING' | 'PAID';
  packages?: PackageSpec[];
  reverse?: 'PROCESSING' | 'REFUND_DONE';
  remark?: string;
  postponed?: number;
  /** A unit price other than the catalog's (a group-buy order at the group price). */
  unitMinor?: bigint;
}

export async function seedOrders(
  tx: Tx,
  ids: { buyer: bigint; main: bigint; sub1: bigint; shops: bigint[]; reviewers: bigint[] },
): Promise<SeededOrders> {
  const carrierRows = await tx.insert(carriers).values(CARRIERS).returning();
  const carrierId = (code: string) => carrierRows.find((c) => c.code === code)!.id;
  const skuRows = await tx.select({ sku: skus, item: items }).from(skus).innerJoin(items, eq(items.id, skus.itemId));
  const bySku = new Map(skuRows.map((r) => [r.sku.skuCode, r]));
  const priceRows = await tx.select().from(skuPrices).where(eq(skuPrices.currency, 'USD'));
  const price = (skuId: bigint) => priceRows.find((p) => p.skuId === skuId)?.amountMinor ?? 0n;
  const parts = await tx
    .select({ part: itemParts, sku: skus })
    .from(itemParts)
    .innerJoin(skus, eq(skus.id, itemParts.partSkuId));
  const methods = await tx.select().from(shippingMethods).where(inArray(shippingMethods.shopId, ids.shops));
  const [store] = await tx.select().from(pickupStores).where(eq(pickupStores.storeName, 'FlexiDesk SoMa Showroom'));
  const [us] = await tx.select().from(regions).where(eq(regions.code, 'US'));
  const stateCode = new Map(
    (await tx.select().from(regions).where(eq(regions.parentId, us!.id))).map((r) => [String(r.id), r.regionShortName]),
  );
  const addressOf = async (buyerId: bigint) => {
    const [a] = await tx
      .select()
      .from(addresses)
      .where(and(eq(addresses.buyerId, buyerId), eq(addresses.isDefault, true)));
    return a ? toAddressDto(a, us!) : null;
  };
  const mainAddress = await addressOf(ids.main);
  const site = SITES.US;
  const shopRows = await tx.select({ id: shops.id, sellerId: shops.sellerId }).from(shops);
  let n = 0;

  const order = async (s: OrderSpec) => {
    n += 1;
    // Later specs are newer within the same day, so the list shows them first.
    const createdAt = new Date(Date.now() - s.ageDays * DAY - (60 - n) * 60_000);
    const paid = ['UN_DELIVERY', 'UN_RECEIVED', 'COMPLETE', 'PROCESSING', 'CANCEL_ALL', 'PENDING_BALANCE'].includes(
      s.status,
    );
    const points = s.tradeType === 'NORMAL_POINT_REDEEM';
    const lines = s.lines.map(([code, qty]) => {
      const r = bySku.get(code)!;
      // A DIY bundle costs its frame plus its parts, as checkout charges it (the one bundle rule).
      const diy = parts.filter((x) => x.part.itemId === r.item.id && x.part.kind === 'DIY_CHILD');
      const unit =
        s.unitMinor ??
        bundleUnitMinor(
          price(r.sku.id),
          diy.map((x) => ({ unitMinor: price(x.sku.id), qty: x.part.qty })),
        );
      return { r, qty, unit, amount: lineAmount(unit, qty) };
    });
    const skuAmt = lines.reduce((a, l) => a + l.amount, 0n);
    const method = methods.find((m) => m.shopId === s.shop && m.code === (s.pickup ? 'PICKUP' : 'STANDARD'))!;
    const freeOver = method.freeOver.USD ? BigInt(method.freeOver.USD) : null;
    const shipping =
      points || s.pickup || (freeOver !== null && skuAmt >= freeOver) ? 0n : BigInt(method.amounts.USD ?? '0');
    const buyerAddress = (s.buyer === ids.main || s.buyer === ids.sub1 ? mainAddress : await addressOf(s.buyer)) ??
      // A buyer without a saved address (the seller) typed one at checkout.
      {
        firstName: 'Nils',
        lastName: 'Nordic',
        personName: 'Nils Nordic',
        company: 'Nordic Home',
        poiName: 'Keizersgracht 100',
        detailAddress: 'Back office',
        city: 'Amsterdam',
        postalCode: '1015 CV',
        personPhone: '020 555 0100',
        areaCode: '+31',
        email: 'seller2@demo.shop',
        addressType: 'COMPANY',
      };
    // Sales tax of the ship-to state, or of the store's state for pickup (as checkout computes it).
    const taxRate = taxRateFor(
      site,
      s.pickup
        ? { countryCode: store!.country, state: store!.storeState }
        : 'region' in buyerAddress
          ? {
              countryCode: buyerAddress.region.regionShortName,
              state: stateCode.get(buyerAddress.provinceId ?? '') ?? null,
            }
          : { countryCode: 'NL', state: null },
    );
    const tax = applyRate(skuAmt, taxRate);
    const needPay = points ? 0n : skuAmt + shipping + tax;
    const deposit = s.presale ? applyRate(needPay, '0.2') : null;
    const presaleItem = s.presale ? lines[0]!.r.item : null;
    const payDeadline =
      s.status === 'PENDING_PAY'
        ? new Date(Date.now() + (s.masterStatus === 'PENDING' ? 7 * DAY : 30 * 60_000))
        : s.status === 'PENDING_DEPOSIT'
          ? presaleItem!.depositEndAt
          : s.status === 'PENDING_BALANCE'
            ? presaleItem!.balanceEndAt
            : null;
    const earn = points ? 0 : Math.ceil(Number(skuAmt) / 100);
    const [c] = await tx
      .insert(tradeContracts)
      .values({
        buyerId: s.buyer,
        idempotencyKey: `seed-${n}`,
        site: 'US',
        currency: 'USD',
        tradeType: s.tradeType ?? 'NORMAL_SALE_B2C',
        status:
          paid && s.status !== 'PENDING_BALANCE'
            ? 'PAID'
            : ['CLOSED', 'CANCELED'].includes(s.status)
              ? 'CLOSED'
              : 'PENDING_PAY',
        skuAmtMinor: skuAmt,
        discountAmtMinor: 0n,
        shippingAmtMinor: shipping,
        taxAmtMinor: tax,
        pointsDiscountMinor: 0n,
        needPayAmtMinor: needPay,
        redeemPoints: points ? lines.reduce((a, l) => a + (l.r.sku.pointsPrice ?? 0) * Number(l.qty), 0) : 0,
        earnPoints: earn,
        isFreeTrade: points,
        payUniqueKey: crypto.randomUUID(),
        paymentOrderId: `PO${createdAt.getTime()}${n}`,
        payDeadline,
        presaleStage: s.presale ? (s.status === 'PENDING_DEPOSIT' ? 'DEPOSIT' : 'BALANCE') : null,
        depositMinor: deposit,
        balanceStartAt: presaleItem?.balanceStartAt ?? null,
        balanceEndAt: presaleItem?.balanceEndAt ?? null,
        masterStatus: s.masterStatus ?? null,
        masterSubmittedAt: s.masterStatus ? createdAt : null,
        selectedAddress: buyerAddress,
        billingAddress: null,
        payload: {
          seeded: true,
          notifyInfo: { notifyType: 'email', contactInfo: buyerAddress?.email ?? 'buyer@demo.shop' },
          remark: s.remark ?? null,
        },
        preview: { seeded: true },
        createdAt,
      })
      .returning();
    const paidAt = paid ? new Date(createdAt.getTime() + 5 * 60_000) : null;
    const [o] = await tx
      .insert(tradeOrders)
      .values({
        tradeOrderCode: `${createdAt.toISOString().slice(0, 10).replace(/-/g, '')}${String(c!.id).padStart(8, '0')}1`,
        contractId: c!.id,
        buyerId: s.buyer,
        shopId: s.shop,
        sellerId: shopRows.find((x) => x.id === s.shop)!.sellerId,
        status: s.status,
        tradeType: s.tradeType ?? 'NORMAL_SALE_B2C',
        currency: 'USD',
        skuAmtMinor: skuAmt,
        discountAmtMinor: 0n,
        shippingAmtMinor: shipping,
        taxAmtMinor: tax,
        taxRate,
        needPayAmtMinor: needPay,
        paidAmtMinor: paid && s.status !== 'PENDING_BALANCE' ? needPay : s.status === 'PENDING_BALANCE' ? deposit! : 0n,
        shippingMethodId: method.id,
        shippingMethodCode: method.code,
        pickUpStoreId: s.pickup ? store!.id : null,
        pickUpStoreSnapshot: s.pickup
          ? {
              id: String(store!.id),
              storeName: store!.storeName,
              storeAddress: store!.storeAddress,
              storeCity: store!.storeCity,
              storeState: store!.storeState,
              storeZipCode: store!.storeZipCode,
              businessHours: store!.businessHours,
            }
          : null,
        remark: s.remark ?? null,
        payDeadline,
        paidAt: s.status === 'PENDING_BALANCE' ? null : paidAt,
        depositPaidAt: s.presale && s.status !== 'PENDING_DEPOSIT' ? paidAt : null,
        tradeOrderType: lines.some((l) => l.r.item.isExceed) ? 'BULK' : 'NORMAL',
        payChannel: paid && s.status !== 'PENDING_BALANCE' ? (s.payChannel ?? (points ? 'POINTS' : 'MOCKPAY')) : null,
        receiptDeadline:
          s.status === 'UN_RECEIVED' ? new Date(Date.now() + (10 - s.ageDays + 5 * (s.postponed ?? 0)) * DAY) : null,
        postponeCount: s.postponed ?? 0,
        closedAt: ['CLOSED', 'CANCELED', 'CANCEL_ALL'].includes(s.status)
          ? new Date(createdAt.getTime() + 30 * 60_000)
          : null,
        completedAt: s.status === 'COMPLETE' ? new Date(createdAt.getTime() + 6 * DAY) : null,
        createdAt,
      })
      .returning();
    if (paid && s.status !== 'PENDING_BALANCE')
      await tx
        .update(tradeOrders)
        .set({ invoiceUrl: `/api/orders/${o!.id}/invoice` })
        .where(eq(tradeOrders.id, o!.id));
    if (paid && !points) {
      // Card payments exist at MOCKPAY too, so a seller can refund them.
      const providerPaymentId =
        (s.payChannel ?? 'MOCKPAY') === 'MOCKPAY' ? `mp_seed_${crypto.randomBytes(8).toString('hex')}` : null;
      if (providerPaymentId) {
        await tx.insert(mockpayPayments).values({
          id: providerPaymentId,
          merchantReference: c!.paymentOrderId,
          amountMinor: deposit ?? needPay,
          currency: 'USD',
          status: 'APPROVED',
          cardTail: '4242',
          returnUrl: '/buyer/pay-result',
          webhookUrl: '/api/payments/webhooks/mockpay',
          createdAt: paidAt!,
          refundedMinor: s.reverse === 'REFUND_DONE' ? needPay : 0n,
        });
      }
      await tx.insert(paymentRecords).values({
        providerPaymentId,
        contractId: c!.id,
        buyerId: s.masterStatus === 'PAID' ? ids.main : s.buyer,
        channel: s.payChannel ?? 'MOCKPAY',
        payMethod: s.payChannel === 'INVOICE_ME' ? 'invoice' : 'card',
        status: 'PAY_SUCCESS',
        stage: s.presale ? 'DEPOSIT' : 'FULL',
        amountMinor: deposit ?? needPay,
        currency: 'USD',
        createdAt: paidAt!,
        updatedAt: paidAt!,
      });
    }
    if (points) {
      // The points the tote was redeemed with were earned before, so the demo balance stays as documented.
      await earnPoints(tx, { buyerId: s.buyer, points: c!.redeemPoints, at: new Date(createdAt.getTime() - 30 * DAY) });
      await spendPoints(tx, { buyerId: s.buyer, points: c!.redeemPoints, tradeContractId: c!.id, at: createdAt });
    }
    const lineIds = new Map<string, bigint>();
    const delivered = new Map<string, number>();
    for (const p of s.packages ?? [])
      for (const [code, q] of p.lines) delivered.set(code, (delivered.get(code) ?? 0) + Number(q));
    for (const l of lines) {
      const snapshot = (r: typeof l.r) => ({
        itemName: r.item.itemName,
        skuName: r.sku.name,
        image: r.sku.image,
        attributes: r.sku.attributes,
        urlKey: r.item.urlKey,
        unit: r.sku.marketingUnit,
        businessType: r.item.businessType,
      });
      const service = l.r.item.businessType === 'SERVICE' && paid;
      const [main] = await tx
        .insert(tradeOrderLines)
        .values({
          orderId: o!.id,
          skuId: l.r.sku.id,
          itemId: l.r.item.id,
          lineGroupType: l.r.item.businessType === 'DIY' ? 'DIY_MAIN' : 'NORMAL',
          qty: l.qty,
          unitAmtMinor: l.unit,
          skuAmtMinor: l.amount,
          discountAmtMinor: 0n,
          needPayAmtMinor: l.amount,
          points: (l.r.sku.pointsPrice ?? 0) * Number(l.qty),
          snapshot: snapshot(l.r),
          deliveredQty: String(delivered.get(l.r.sku.skuCode) ?? 0),
          reverseStatus:
            s.reverse === 'PROCESSING' ? 'PROCESSING' : s.reverse === 'REFUND_DONE' ? 'DONE' : 'NOT_REQUESTED',
          serviceRemainingTimes: service
            ? Number(l.qty) * (l.r.item.serviceUses ?? 1) - (s.status === 'COMPLETE' ? 1 : 0)
            : null,
          serviceExpiresAt:
            service && l.r.item.serviceValidDays
              ? new Date(createdAt.getTime() + l.r.item.serviceValidDays * DAY)
              : null,
        })
        .returning();
      lineIds.set(l.r.sku.skuCode, main!.id);
      if (service) {
        await tx.insert(tradeOrderLineCoupons).values(
          Array.from({ length: Number(l.qty) }, (_, i) => ({
            orderLineId: main!.id,
            couponCode: newServiceCode(),
            couponsPassword: newServicePassword(),
            usedStatus: i === 0 && s.status === 'COMPLETE' ? ('USED' as const) : ('NOT_USED' as const),
            usedAt: i === 0 && s.status === 'COMPLETE' ? new Date(createdAt.getTime() + 7 * DAY) : null,
          })),
        );
      }
      for (const p of parts.filter((x) => x.part.itemId === l.r.item.id)) {
        const child = bySku.get(p.sku.skuCode)!;
        const qty = (Number(p.part.qty) * Number(l.qty)).toFixed(3);
        const gift = p.part.kind === 'GIFT';
        await tx.insert(tradeOrderLines).values({
          orderId: o!.id,
          skuId: child.sku.id,
          itemId: child.item.id,
          parentLineId: main!.id,
          lineGroupType: gift ? 'GIFT_CHILD' : 'DIY_CHILD',
          qty,
          unitAmtMinor: gift ? 0n : price(child.sku.id),
          skuAmtMinor: gift ? 0n : lineAmount(price(child.sku.id), qty),
          discountAmtMinor: 0n,
          needPayAmtMinor: 0n,
          snapshot: snapshot(child),
        });
      }
    }
    for (const p of s.packages ?? []) {
      const shippedAt = new Date(createdAt.getTime() + DAY);
      const [pkg] = await tx
        .insert(shipmentPackages)
        .values({
          orderId: o!.id,
          status: p.signed ? 'SIGN_IN' : 'SEND_DELIVERY',
          carrierId: carrierId(p.carrier),
          serviceCode: p.code,
          signedBy: p.signed ?? null,
          signedAt: p.signed ? new Date(createdAt.getTime() + 5 * DAY) : null,
          createdAt: shippedAt,
        })
        .returning();
      await tx
        .insert(shipmentPackageLines)
        .values(p.lines.map(([code, q]) => ({ packageId: pkg!.id, orderLineId: lineIds.get(code)!, qty: q })));
      await tx.insert(trackingEvents).values(
        p.events.map(([hours, context, areaName]) => ({
          packageId: pkg!.id,
          context,
          areaName: areaName ?? null,
          operaterType: 'SELLER' as const,
          happenedAt: new Date(shippedAt.getTime() + hours * 3600_000),
        })),
      );
    }
    if (s.reverse) {
      const [rev] = await tx
        .insert(reverseTradeOrders)
        .values({
          reverseTradeOrderCode: `R${createdAt.getTime()}${n}`,
          orderId: o!.id,
          buyerId: s.buyer,
          shopId: s.shop,
          type: 'SALE_CANCEL_AFTER_PAID',
          status: s.reverse === 'PROCESSING' ? 'WAITING_FOR_AUDIT_BY_SELLER' : 'REFUND_DONE',
          applyRefundAmtMinor: needPay,
          actualRefundAmtMinor: s.reverse === 'REFUND_DONE' ? needPay : null,
          currency: 'USD',
          createdAt: new Date(createdAt.getTime() + 3600_000),
          sellerId: shopRows.find((x) => x.id === s.shop)!.sellerId,
          reason: 'NO_LONGER_NEEDED',
        })
        .returning();
      await tx.insert(reverseTradeOrderLines).values(
        [...lineIds.values()].map((id, i) => ({
          reverseId: rev!.id,
          orderLineId: id,
          reverseQty: lines[i]!.qty,
          applyRefundAmtMinor: lines[i]!.amount,
          isOpen: s.reverse === 'PROCESSING',
        })),
      );
      if (s.reverse === 'REFUND_DONE')
        await tx
          .update(tradeOrderLines)
          .set({ cancelledQty: sql`${tradeOrderLines.qty}` })
          .where(inArray(tradeOrderLines.id, [...lineIds.values()]));
    }
    return o!;
  };

  const [flexi, nordic] = ids.shops as [bigint, bigint];
  const b = ids.buyer;
  const shipped = (
    code: string,
    carrier: string,
    lines: [string, string][],
    signed?: 'BUYER' | 'AUTO',
  ): PackageSpec => ({
    lines,
    carrier,
    code,
    signed,
    events: [
      [0, 'The seller handed the parcel to the carrier', 'San Francisco, CA'],
      [10, 'Departed facility', 'Oakland, CA'],
      [30, 'Arrived at sorting center', 'Reno, NV'],
      ...(signed ? [[70, 'Delivered, signed by the buyer', 'Destination'] as [number, string, string]] : []),
    ],
  });
  // Oldest first, so the newest (pending) orders come first in the list.
  const oldTray = await order({
    buyer: b,
    shop: flexi,
    lines: [['TRAY-STEEL', '1']],
    status: 'COMPLETE',
    ageDays: 400,
    packages: [shipped('1Z999AA10000000001', 'UPS', [['TRAY-STEEL', '1']], 'BUYER')],
  });
  await order({
    buyer: b,
    shop: flexi,
    lines: [['TRAY-STEEL', '3']],
    status: 'CANCEL_ALL',
    ageDays: 40,
    reverse: 'REFUND_DONE',
  });
  await order({
    buyer: b,
    shop: flexi,
    lines: [
      ['SRV-ASSEMBLY', '2'],
      ['E7-BLK-140', '1'],
    ],
    status: 'COMPLETE',
    ageDays: 30,
    packages: [
      shipped(
        '1Z999AA10000000002',
        'UPS',
        [
          ['SRV-ASSEMBLY', '2'],
          ['E7-BLK-140', '1'],
        ],
        'AUTO',
      ),
    ],
  });
  await order({ buyer: b, shop: nordic, lines: [['LAMP-BAR', '1']], status: 'CANCELED', ageDays: 20 });
  await order({ buyer: b, shop: flexi, lines: [['C7-GRY', '1']], status: 'CLOSED', ageDays: 15 });
  await order({
    buyer: b,
    shop: flexi,
    lines: [['DIY-FRAME-E5', '1']],
    status: 'UN_RECEIVED',
    ageDays: 6,
    packages: [shipped('9400100000000000000001', 'USPS', [['DIY-FRAME-E5', '1']])],
  });
  await order({
    buyer: b,
    shop: flexi,
    lines: [
      ['E7-WHT-140', '1'],
      ['TOP-OAK-140', '1'],
      ['C7-GRY', '1'],
    ],
    status: 'UN_RECEIVED',
    ageDays: 4,
    remark: 'Please call before delivery',
    packages: [
      shipped('1Z999AA10000000003', 'UPS', [['E7-WHT-140', '1']]),
      shipped('771234567890', 'FEDEX', [
        ['TOP-OAK-140', '1'],
        ['C7-GRY', '1'],
      ]),
    ],
  });
  await order({
    buyer: b,
    shop: flexi,
    lines: [['TOP-OAK-140', '1']],
    status: 'PROCESSING',
    ageDays: 3,
    reverse: 'PROCESSING',
  });
  await order({
    buyer: b,
    shop: nordic,
    lines: [['PTS-TOTE', '1']],
    status: 'UN_DELIVERY',
    ageDays: 3,
    tradeType: 'NORMAL_POINT_REDEEM',
  });
  await order({ buyer: b, shop: flexi, lines: [['TRAY-STEEL', '1']], status: 'UN_DELIVERY', ageDays: 2, pickup: true });
  await order({
    buyer: b,
    shop: nordic,
    lines: [
      ['COF-ARABICA', '1.5'],
      ['LAMP-BAR', '1'],
    ],
    status: 'UN_DELIVERY',
    ageDays: 2,
  });
  await order({
    buyer: b,
    shop: flexi,
    lines: [
      ['TRAY-STEEL', '2'],
      ['C7-GRY', '1'],
    ],
    status: 'UN_DELIVERY',
    ageDays: 1,
    remark: 'Leave at reception',
  });
  await order({
    buyer: b,
    shop: flexi,
    lines: [['PRO27-WAL', '1']],
    status: 'PENDING_BALANCE',
    ageDays: 1,
    presale: true,
  });
  await order({
    buyer: b,
    shop: flexi,
    lines: [['PRO27-WAL', '1']],
    status: 'PENDING_DEPOSIT',
    ageDays: 0,
    presale: true,
  });
  await order({ buyer: b, shop: flexi, lines: [['BULK-E7-20', '1']], status: 'PENDING_PAY', ageDays: 0 });
  await order({ buyer: b, shop: flexi, lines: [['E7-BLK-140', '1']], status: 'PENDING_PAY', ageDays: 0 });
  // A second unpaid checkout of the same site and currency: the two can be paid or cancelled together (MERGE_PAY, MERGE_CANCEL).
  await order({ buyer: b, shop: nordic, lines: [['LAMP-BAR', '1']], status: 'PENDING_PAY', ageDays: 0 });

  // Sellers buy too: Nordic Home's seller bought cable trays from FlexiDesk.
  const nordicSeller = shopRows.find((x) => x.id === nordic)!.sellerId;
  await order({
    buyer: nordicSeller,
    shop: flexi,
    lines: [['TRAY-STEEL', '4']],
    status: 'COMPLETE',
    ageDays: 20,
    packages: [shipped('1Z999AA10000000005', 'UPS', [['TRAY-STEEL', '4']], 'AUTO')],
  });

  // Enterprise: the main account's own order, a net-terms one, and the sub-account's.
  await order({
    buyer: ids.main,
    shop: flexi,
    lines: [['E7-BLK-140', '2']],
    status: 'COMPLETE',
    ageDays: 12,
    payChannel: 'INVOICE_ME',
    packages: [shipped('1Z999AA10000000004', 'UPS', [['E7-BLK-140', '2']], 'BUYER')],
  });
  await order({
    buyer: ids.main,
    shop: flexi,
    lines: [['BULK-E7-20', '1']],
    status: 'PENDING_PAY',
    ageDays: 5,
    tradeType: 'NET_B2B',
  });
  await order({
    buyer: ids.sub1,
    shop: flexi,
    lines: [['C7-GRY', '1']],
    status: 'UN_DELIVERY',
    ageDays: 2,
    masterStatus: 'PAID',
  });
  await order({
    buyer: ids.sub1,
    shop: flexi,
    lines: [['E7-BLK-140', '1']],
    status: 'PENDING_PAY',
    ageDays: 0,
    masterStatus: 'PENDING',
  });

  // Orders the demo buyer's after-sales are made on (seed/after-sales.ts drives them through the real flows).
  let code = 100;
  const received = async (
    lines: [string, string][],
    ageDays: number,
    status: 'COMPLETE' | 'UN_RECEIVED' = 'COMPLETE',
  ) =>
    (
      await order({
        buyer: b,
        shop: flexi,
        lines,
        status,
        ageDays,
        packages: [shipped(`1Z999AS10000000${(code += 1)}`, 'UPS', lines, status === 'COMPLETE' ? 'BUYER' : undefined)],
      })
    ).id;
  // Other shoppers' finished orders: their reviews give the demo items a rating.
  const reviewerOrders: bigint[] = [];
  const bought: [string, string][][] = [
    [
      ['E7-BLK-140', '1'],
      ['C7-GRY', '1'],
    ],
    [
      ['E7-WHT-140', '1'],
      ['TRAY-STEEL', '2'],
    ],
    [
      ['E7-BLK-160', '1'],
      ['C7-GRY', '1'],
      ['TRAY-STEEL', '1'],
    ],
  ];
  for (const [i, reviewer] of ids.reviewers.entries()) {
    const lines = bought[i % bought.length]!;
    reviewerOrders.push(
      (
        await order({
          buyer: reviewer,
          shop: flexi,
          lines,
          status: 'COMPLETE',
          ageDays: 60 + i * 7,
          packages: [shipped(`1Z999RV1000000000${i}`, 'UPS', lines, 'AUTO')],
        })
      ).id,
    );
    reviewerOrders.push(
      (
        await order({
          buyer: reviewer,
          shop: nordic,
          lines: [['LAMP-BAR', '1']],
          status: 'COMPLETE',
          ageDays: 50 + i * 5,
          packages: [shipped(`1Z999RV2000000000${i}`, 'UPS', [['LAMP-BAR', '1']], 'AUTO')],
        })
      ).id,
    );
  }
  // Another shopper's (kenji@) assembly vouchers: one code used at the shop, two still to use
  // (the seller redeems them at /merchant-console/service-codes).
  await order({
    buyer: ids.reviewers[1]!,
    shop: flexi,
    lines: [['SRV-ASSEMBLY', '3']],
    status: 'COMPLETE',
    ageDays: 12,
    packages: [shipped('1Z999SV10000000001', 'UPS', [['SRV-ASSEMBLY', '3']], 'AUTO')],
  });
  // Part shipped, part still to ship: the rest can be cancelled through after-sales.
  await order({
    buyer: b,
    shop: flexi,
    lines: [
      ['TRAY-STEEL', '1'],
      ['TOP-OAK-140', '1'],
    ],
    status: 'UN_DELIVERY',
    ageDays: 3,
    packages: [shipped('1Z999AS10000000099', 'UPS', [['TRAY-STEEL', '1']])],
  });
  // Group-buy: Kenji started a group on the cable tray at the group price and paid (seed/group-buy.ts).
  const groupOrder = await order({
    buyer: ids.reviewers[1]!,
    shop: flexi,
    lines: [[GROUP_BUY_DEMO.sku, '1']],
    status: 'UN_DELIVERY',
    ageDays: 0,
    unitMinor: GROUP_BUY_DEMO.priceMinor,
  });
  await seedGroupBuy(tx, {
    shop: flexi,
    buyer: ids.reviewers[1]!,
    orderId: groupOrder.id,
    paidAt: groupOrder.paidAt ?? groupOrder.createdAt,
  });
  return {
    reviewerOrders,
    oldTray: oldTray.id,
    toAudit: await received([['E7-BLK-140', '1']], 34),
    toReturn: await received([['C7-GRY', '1']], 34),
    toQc: await received([['TRAY-STEEL', '2']], 35),
    toRefund: await received([['C7-BLK', '1']], 36),
    exchangeToShip: await received([['E7-BLK-140', '1']], 37),
    exchangeToConfirm: await received([['E7-BLK-140', '1']], 38),
    refundPending: await received([['TRAY-STEEL', '1']], 39),
    returned: await received(
      [
        ['TOP-OAK-140', '1'],
        ['TRAY-STEEL', '1'],
      ],
      41,
    ),
    exchanged: await received([['E7-WHT-140', '1']], 43),
    reissued: await received([['C7-GRY', '1']], 42),
    withdrawn: await received([['TRAY-STEEL', '1']], 44),
    rejected: await received([['C7-GRY', '1']], 46),
    qcRejected: await received([['TRAY-STEEL', '1']], 47),
    refundFails: await received([['E7-BLK-140', '1']], 48),
    cancelToAudit: (
      await order({
        buyer: b,
        shop: flexi,
        lines: [
          ['C7-BLK', '1'],
          ['TRAY-STEEL', '1'],
        ],
        status: 'UN_DELIVERY',
        ageDays: 2,
      })
    ).id,
    cancelled: (await order({ buyer: b, shop: flexi, lines: [['C7-GRY', '2']], status: 'UN_DELIVERY', ageDays: 33 }))
      .id,
  };
}

export type SeededOrders = AfterSalesOrders & { reviewerOrders: bigint[]; oldTray: bigint };
export type AfterSalesOrders = Record<
  | 'toAudit'
  | 'toReturn'
  | 'toQc'
  | 'toRefund'
  | 'exchangeToShip'
  | 'exchangeToConfirm'
  | 'refundPending'
  | 'returned'
  | 'exchanged'
  | 'reissued'
  | 'withdrawn'
  | 'rejected'
  | 'qcRejected'
  | 'refundFails'
  | 'cancelToAudit'
  | 'cancelled',
  bigint
>;
