/**
 * Request and response schemas shared by the server (validation + OpenAPI) and the web app
 * (form validation with the same rules). Request bodies are strict: unknown fields are errors.
 */
import { z } from 'zod';
import { CURRENCIES, LANGUAGES, SITE_CODES } from './sites.js';
import { MAX_LEN, PASSWORD_MIN } from './constants.js';

export const Id = z.string().regex(/^\d{1,18}$/, 'invalid id');
export const SiteCodeSchema = z.enum(SITE_CODES);
export const LanguageSchema = z.enum(LANGUAGES);

/** Money on the wire: decimal string in major units plus currency (JPY has no decimals). */
export const Money = z.object({ value: z.string(), currency: z.enum(CURRENCIES) });
export type Money = z.infer<typeof Money>;

/** Quantities are decimal strings so weight items keep their precision ("1.5"). */
export const Quantity = z.string().regex(/^\d{1,6}(\.\d{1,3})?$/, 'invalid quantity');

export const ErrorBody = z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() });

// ---------- identity ----------
export const Email = z.string().trim().toLowerCase().max(MAX_LEN.email).email();
export const SignupBody = z.strictObject({
  email: Email,
  password: z.string().min(PASSWORD_MIN).max(MAX_LEN.password),
  nickname: z.string().trim().min(1).max(MAX_LEN.nickname).optional(),
});
export type SignupBody = z.infer<typeof SignupBody>;
export const LoginBody = z.strictObject({
  email: Email,
  password: z.string().min(1).max(MAX_LEN.password),
  /** After too many failures for the account (Auth.captchaRequired): the solved ALTCHA payload and challenge id, as in account.ts CaptchaFields. */
  captcha: z.string().min(1).max(4000).optional(),
  token: z.string().min(1).max(200).optional(),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const UserType = z.enum(['REGISTERED', 'TOURIST']);
export const EnterpriseInfo = z.object({
  enterpriseId: Id,
  enterpriseName: z.string(),
  isMain: z.boolean(),
  nickname: z.string(),
  status: z.enum(['ENABLED', 'PENDING_APPROVAL', 'DISABLED']),
});
export const SessionUser = z.object({
  id: Id,
  email: z.string(),
  nickname: z.string(),
  role: z.enum(['BUYER', 'SELLER', 'OPERATOR']),
  /** Merchant entry state (SPEC §4 "Merchant link"): none, audit, pass. */
  merchantAuditStatus: z.enum(['none', 'audit', 'pass']),
  /** A seller's state (SPEC §6): frozen and clear show an info dialog before the backend opens. */
  merchantState: z.enum(['seller', 'frozen', 'clear']).optional(),
});
export const SessionInfo = z.object({
  userType: UserType,
  user: SessionUser.nullable(),
  /** A guest has a tourist id once it has done something that needs one (e.g. a cart line). */
  tourist: z.object({ id: Id.nullable() }).nullable(),
  enterprise: EnterpriseInfo.nullable(),
  site: SiteCodeSchema,
  language: LanguageSchema,
  cartCount: z.number().int(),
});
export type SessionInfo = z.infer<typeof SessionInfo>;

export const PreferencesBody = z.strictObject({
  site: SiteCodeSchema.optional(),
  language: LanguageSchema.optional(),
});

// ---------- catalog ----------
export const ItemBusinessType = z.enum(['NORMAL', 'WEIGHT', 'DIY', 'GIFT', 'SERVICE', 'PRESALE', 'POINT', 'BULK']);
export type ItemBusinessType = z.infer<typeof ItemBusinessType>;
export const Attribute = z.object({ attrKey: z.string(), attrVal: z.string() });
export const NonfixedAttribute = Attribute.extend({ isShow: z.boolean() });
export const Sku = z.object({
  id: Id,
  name: z.string(),
  image: z.string(),
  skuCode: z.string(),
  salePrc: Money,
  /** Points price for points-redemption items, else null. */
  pointsPrice: z.number().int().nullable(),
  baseUnit: z.string(),
  attributes: z.array(Attribute),
  nonfixedAttributes: z.array(NonfixedAttribute),
  marketingUnit: z.object({ unitName: z.string() }),
  adjustStep: Quantity,
  minQty: Quantity,
  maxQty: Quantity,
  /** Digits allowed after the decimal point (0 for whole units, weight items more). */
  qtyDecimals: z.number().int(),
  /** Units left to sell (any size, unlike a quantity a buyer may ask for). */
  stock: z.string().regex(/^\d+(\.\d+)?$/),
  skuUrlSuffix: z.string(),
});
export type Sku = z.infer<typeof Sku>;
export const ShopRef = z.object({ id: Id, name: z.string(), sellerId: Id });
export const Presale = z.object({
  deposit: Money,
  balance: Money,
  depositEndTime: z.string(),
  balancePaymentStartTime: z.string(),
  balancePaymentEndTime: z.string(),
});
export const BundlePart = z.object({ sku: Sku, itemId: Id, itemName: z.string(), qty: Quantity });
export const ItemCard = z.object({
  id: Id,
  urlKey: z.string(),
  itemName: z.string(),
  mainImage: z.string(),
  businessTypeDict: ItemBusinessType,
  shop: ShopRef,
  price: Money,
  pointsPrice: z.number().int().nullable(),
  inStock: z.boolean(),
});
export type ItemCard = z.infer<typeof ItemCard>;
export const ItemDetail = ItemCard.extend({
  description: z.string(),
  commerceTypeDict: z.enum(['B2C', 'B2B']),
  skus: z.array(Sku),
  presale: Presale.nullable(),
  /** DIY bundle: parts that come with every main SKU. */
  diyChildren: z.array(BundlePart),
  /** Gifts that come free with the item. */
  gifts: z.array(BundlePart),
  /** Service items: number of uses per purchased unit and validity. */
  service: z.object({ uses: z.number().int(), validDays: z.number().int() }).nullable(),
  /** Oversized or bulk goods go through the order-request ('exceed') checkout. */
  isExceed: z.boolean(),
  /** False while the seller is frozen or cleared (SPEC §6): the item cannot be bought. */
  sellerSelling: z.boolean().optional(),
  /** The shop ships it into the caller's site from abroad (a cross-border order: duties, import tax). */
  crossBorder: z.object({ originCountry: z.string() }).nullable().optional(),
});
export type ItemDetail = z.infer<typeof ItemDetail>;
export const ItemListQuery = z.strictObject({
  keyword: z.string().max(100).optional(),
  type: ItemBusinessType.optional(),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(24),
});
export const ItemList = z.object({ data: z.array(ItemCard), total: z.number().int() });

// ---------- cart ----------
export const CartLine = z.object({
  id: Id,
  sku: Sku,
  item: z.object({
    id: Id,
    urlKey: z.string(),
    itemName: z.string(),
    businessTypeDict: ItemBusinessType,
    isExceed: z.boolean(),
  }),
  qty: Quantity,
  selected: z.boolean(),
  unitPrice: Money,
  lineTotal: Money,
  linePoints: z.number().int().nullable(),
  lineGroupTypeDict: z.enum(['NORMAL', 'DIY_MAIN']),
  diyChildren: z.array(BundlePart),
  gifts: z.array(BundlePart),
  /** False when the SKU has too little stock left for this quantity. */
  available: z.boolean(),
});
export type CartLine = z.infer<typeof CartLine>;
export const Cart = z.object({
  shops: z.array(z.object({ shop: ShopRef, lines: z.array(CartLine), subtotal: Money })),
  totalCount: z.number().int(),
  selectedCount: z.number().int(),
  selectedTotal: Money,
  selectedPoints: z.number().int(),
});
export type Cart = z.infer<typeof Cart>;
export const AddCartLineBody = z.strictObject({ skuId: Id, qty: Quantity });
export const UpdateCartLineBody = z.strictObject({ qty: Quantity.optional(), selected: z.boolean().optional() });
export const SelectAllBody = z.strictObject({ selected: z.boolean() });
/** SPEC §7 batchcreatenewcartlines: one element per line (buy-again sends the order's lines). */
export const BatchCartLine = z.strictObject({
  seller: z.strictObject({ id: Id }).optional(),
  sku: z.strictObject({ id: Id }),
  item: z.strictObject({ id: Id }).optional(),
  shop: z.strictObject({ id: Id }).optional(),
  skuQty: z.union([Quantity, z.number().positive().max(999999)]),
  snapshotPrc: z.union([z.string(), z.number(), Money]).optional(),
  cartLineTypeDict: z.enum(['NORMAL', 'DIY_MAIN']).optional(),
  isDiy: z.boolean().optional(),
  diyMain: z.boolean().optional(),
});
export const BatchCartLinesBody = z.array(BatchCartLine).min(1).max(100);
export const BatchCartLinesResult = z.object({ num: z.number().int(), cart: Cart });

/** What /cart (or a "buy now" such as the super member page, without a cart line) hands to /checkout as navigation state (SPEC §2 Checkout). */
export const CheckoutEntry = z.object({ cartLineId: Id.optional(), skuId: Id, qty: Quantity });
export type CheckoutEntry = z.infer<typeof CheckoutEntry>;

// ---------- enterprise ----------
export const SiteBody = z.strictObject({ site: SiteCodeSchema.optional() });
export const AccountLimitInfo = z.object({
  isMain: z.boolean(),
  orderAmt: Money,
  remainingAmt: Money,
  creditAmt: Money,
});
export const EnterpriseUserInfo = z.object({
  isMain: z.boolean(),
  nickname: z.string(),
  enterpriseName: z.string(),
  accountLimitInfo: AccountLimitInfo,
});
export const EnterpriseChildQuery = z.strictObject({
  pageNum: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100000).default(100000),
  site: SiteCodeSchema.optional(),
});
export const EnterpriseChild = z.object({
  userId: Id,
  username: z.string(),
  status: z.enum(['ENABLED', 'PENDING_APPROVAL', 'DISABLED']),
});
export const EnterpriseChildList = z.object({ data: z.array(EnterpriseChild), total: z.number().int() });

// ---------- merchant ----------
export const MerchantApplyBody = z.strictObject({
  shopName: z.string().trim().min(1).max(MAX_LEN.name),
  contactName: z.string().trim().min(1).max(MAX_LEN.name),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[\d\s-]{5,20}$/, 'invalid phone')
    .max(MAX_LEN.phone),
});
export type MerchantApplyBody = z.infer<typeof MerchantApplyBody>;
export const MerchantStatus = z.object({
  auditStatus: z.enum(['none', 'audit', 'pass', 'reject']),
  application: z
    .object({
      shopName: z.string(),
      contactName: z.string(),
      createdAt: z.string(),
      rejectReason: z.string().nullable().optional(),
      reviewedAt: z.string().nullable().optional(),
    })
    .nullable(),
  /** SPEC §6 merchant state of a seller (null for a buyer). */
  merchantState: z.enum(['seller', 'frozen', 'clear']).nullable().optional(),
  shops: z.array(z.object({ id: Id, name: z.string(), itemCount: z.number().int() })),
});
