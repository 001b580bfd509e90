import { lazy, Suspense, type ComponentType } from 'react';
import { matchRoutes, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { PlainLoading } from '../shared/plain';
import type { PolicyKind, PolicyRoute } from '@mall/contracts';
import { appI18n, loadAreas, type Area } from '../shared/i18n';
import { Layout } from './Layout';
import { RequireLogin } from './RequireLogin';

/** Every policy route of SPEC §2 and what it shows. */
const POLICY_PAGES: Record<PolicyRoute, PolicyKind> = {
  '/privacy-policy': 'privacy', '/datenschutzerklaerung': 'privacy', '/informativa-privacy': 'privacy',
  '/agb': 'terms', '/terms-conditions': 'terms', '/termini-e-condizioni': 'terms', '/terms-and-conditions': 'terms',
  '/algemene-voorwaarden-webwinkel': 'terms', '/warranty': 'warranty', '/shipping-policy': 'shipping', '/sms': 'sms',
};

/** Shown in the page area while a lazily loaded page arrives on the first load. */
const chunkLoading = <PlainLoading label="Loading" />;

/**
 * Every page is loaded with its feature when first visited (one chunk per feature folder), so
 * the first load of any route carries the shell (top bar, layout, Mantine, router, query) and
 * that route's feature only. `login` wraps the page in RequireLogin; `areas` are the text areas
 * (locales/<area>) the page shows, fetched with its code so it shows with its texts (a lookup
 * into another area still loads it: shared/i18n.ts). Plain React.lazy routes (not the data
 * router's `lazy`) keep React Router's declarative build: 14 KB gzip instead of 31.
 */
function page<M>(load: () => Promise<M>, pick: (m: M) => ComponentType, opts: { login?: boolean; areas?: readonly Area[] } = {}): Pick<RouteObject, 'element' | 'handle'> {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => (loading ??= Promise.all([load().then(withLayoutParts), appI18n().then((i18n) => loadAreas(i18n, opts.areas ?? []))]).then(
    // The page renders in a task of its own, not in the one that ran its chunks' code: two
    // shorter tasks instead of one long one on a phone's first load.
    ([module]) => new Promise<{ default: ComponentType }>((resolve) => setTimeout(() => resolve({ default: pick(module) }), 0)),
    // A failed download is not kept: the next visit tries again.
    (err: unknown) => { loading = undefined; throw err; },
  ));
  const Page = lazy(preload);
  const element = <Suspense fallback={chunkLoading}><Page /></Suspense>;
  return { element: opts.login ? <RequireLogin>{element}</RequireLogin> : element, handle: { preload } satisfies RouteHandle };
}

interface RouteHandle { preload: () => Promise<unknown> }

/**
 * A page module may export `preloadLayoutParts`: the parts of it in chunks of their own that
 * only some screens show (shared/layoutPart.tsx). Those the screen in use shows load with the
 * page, which then renders whole.
 */
function withLayoutParts<M>(module: M): Promise<M> {
  const parts = (module as { preloadLayoutParts?: () => Promise<unknown> }).preloadLayoutParts;
  return parts ? parts().then(() => module) : Promise.resolve(module);
}

/** Text areas shared by several routes. */
const ORDERS: Area[] = ['orders'];
const ORDER_DETAIL: Area[] = ['orders', 'aftersales', 'comment'];
const AFTER_SALES: Area[] = ['aftersales', 'orders', 'comment', 'gallery'];
const REVIEWS: Area[] = ['comment', 'orders', 'ratings', 'gallery'];
const SIGN_IN: Area[] = ['security', 'oidc'];

const catalog = {
  home: () => import('../features/catalog/HomePage'),
  item: () => import('../features/catalog/ItemPage'),
};
const checkout = () => import('../features/checkout/CheckoutPage');
const results = () => import('../features/checkout/ResultPages');
const auth = () => import('../features/identity/AuthPages');
const buyer = () => import('../features/buyer/BuyerPages');
const merchant = () => import('../features/merchant/MerchantPages');
// After-sales and reviews: a chunk per page, so a list does not bring the forms and details.
const afterSales = {
  apply: () => import('../features/aftersales/pages/ApplyPage'),
  list: () => import('../features/aftersales/pages/ListPage'),
  detail: () => import('../features/aftersales/pages/DetailPage'),
  sendBack: () => import('../features/aftersales/pages/SendBackPage'),
  logistics: () => import('../features/aftersales/pages/LogisticsPage'),
};
const reviews = {
  list: () => import('../features/comment/pages/CommentsPage'),
  add: () => import('../features/comment/pages/CommentAddPage'),
  redirect: () => import('../features/comment/pages/CommentRedirect'),
  detail: () => import('../features/comment/pages/CommentDetailPage'),
  plus: () => import('../features/comment/pages/CommentPlusPage'),
};

const membership = {
  member: () => import('../features/membership/pages/MemberPage'),
  equity: () => import('../features/membership/pages/EquityPage'),
  score: () => import('../features/membership/pages/ScorePage'),
};

const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', ...page(catalog.home, (m) => m.HomePage) },
      { path: '/item/:urlKey', ...page(catalog.item, (m) => m.ItemPage, { areas: ['gallery', 'ratings'] }) },
      { path: '/cart', ...page(() => import('../features/cart/CartPage'), (m) => m.CartPage, { areas: ['gallery', 'ratings'] }) },
      { path: '/checkout', ...page(checkout, (m) => m.CheckoutPage, { areas: ORDERS }) },
      { path: '/buyer/create-address', ...page(() => import('../features/address/CreateAddressPage'), (m) => m.CreateAddressPage, { login: true }) },
      { path: '/order-process', ...page(results, (m) => m.OrderProcessPage, { areas: ORDERS }) },
      { path: '/buyer/pay-result', ...page(results, (m) => m.PayResultPage, { areas: ORDERS }) },
      { path: '/buyer/pre-pay', ...page(results, (m) => m.PrePayPage, { areas: ORDERS }) },
      { path: '/login', ...page(auth, (m) => m.LoginPage, { areas: SIGN_IN }) },
      { path: '/confirm-success', ...page(() => import('../features/orders/ConfirmSuccessPage'), (m) => m.ConfirmSuccessPage, { areas: ORDERS }) },
      { path: '/bulk-to-pay/:orderId', ...page(() => import('../features/orders/BulkToPayPage'), (m) => m.BulkToPayPage, { areas: ORDER_DETAIL }) },
      { path: '/order-lookup', ...page(() => import('../features/orders/GuestLookupPage'), (m) => m.GuestLookupPage, { areas: ORDER_DETAIL }) },
      { path: '/signup', ...page(auth, (m) => m.SignupPage, { areas: SIGN_IN }) },
      { path: '/forgot-password', ...page(() => import('../features/account/pages/ForgotPasswordPage'), (m) => m.ForgotPasswordPage, { areas: ['security'] }) },
      // Development mailbox (the API behind it is off in production).
      { path: '/dev/mailbox', ...page(() => import('../features/account/pages/DevMailboxPage'), (m) => m.DevMailboxPage, { areas: ['security'] }) },
      {
        ...page(() => import('../features/buyer/BuyerLayout'), (m) => m.BuyerLayout),
        children: [
          { path: '/buyer', element: <Navigate to="/buyer/index" replace /> },
          { path: '/buyer/index', ...page(buyer, (m) => m.BuyerIndexPage, { areas: ['buyerhome', 'orders'] }) },
          { path: '/buyer/orders', ...page(() => import('../features/orders/OrdersPage'), (m) => m.OrdersPage, { areas: ['orders', 'comment'] }) },
          { path: '/buyer/order/detail/:orderId', ...page(() => import('../features/orders/OrderDetailPage'), (m) => m.OrderDetailPage, { areas: ORDER_DETAIL }) },
          { path: '/buyer/express-trick/:orderId', ...page(() => import('../features/orders/ExpressTrickPage'), (m) => m.ExpressTrickPage, { areas: ORDER_DETAIL }) },
          { path: '/buyer/confirm/:orderId', ...page(() => import('../features/orders/ConfirmPage'), (m) => m.ConfirmPage, { areas: ORDER_DETAIL }) },
          { path: '/buyer/as-apply', ...page(afterSales.apply, (m) => m.ApplyPage, { areas: AFTER_SALES }) },
          { path: '/buyer/as-list', ...page(afterSales.list, (m) => m.ListPage, { areas: AFTER_SALES }) },
          { path: '/buyer/as/detail/:id', ...page(afterSales.detail, (m) => m.DetailPage, { areas: AFTER_SALES }) },
          { path: '/buyer/send-back-items', ...page(afterSales.sendBack, (m) => m.SendBackPage, { areas: AFTER_SALES }) },
          { path: '/buyer/m-logistics', ...page(afterSales.logistics, (m) => m.LogisticsPage, { areas: AFTER_SALES }) },
          // Reviews: registered buyers only.
          { path: '/buyer/comments', ...page(reviews.list, (m) => m.CommentsPage, { login: true, areas: REVIEWS }) },
          { path: '/buyer/comment-add', ...page(reviews.add, (m) => m.CommentAddPage, { login: true, areas: REVIEWS }) },
          { path: '/buyer/comment', ...page(reviews.redirect, (m) => m.CommentRedirect, { areas: REVIEWS }) },
          { path: '/buyer/comment-detail/:id', ...page(reviews.detail, (m) => m.CommentDetailPage, { login: true, areas: REVIEWS }) },
          { path: '/buyer/comment-plus/:id', ...page(reviews.plus, (m) => m.CommentPlusPage, { login: true, areas: REVIEWS }) },
          { path: '/buyer/address', ...page(() => import('../features/address/AddressBookPage'), (m) => m.AddressBookPage, { login: true }) },
          { path: '/buyer/cards', ...page(() => import('../features/card/CardsPage'), (m) => m.CardsPage, { login: true }) },
          { path: '/buyer/certificates', ...page(() => import('../features/certificate/CertificatesPage'), (m) => m.CertificatesPage, { login: true, areas: ['certificates'] }) },
          { path: '/buyer/my-coupons', ...page(() => import('../features/coupons/MyCouponsPage'), (m) => m.MyCouponsPage, { login: true, areas: ['coupons', 'orders'] }) },
          { path: '/user/super-member', ...page(() => import('../features/membership/pages/SuperMemberPage'), (m) => m.SuperMemberPage, { login: true, areas: ['supermember'] }) },
          { path: '/buyer/account-security', ...page(() => import('../features/account/pages/AccountSecurityPage'), (m) => m.AccountSecurityPage, { login: true, areas: ['account', 'oidc', 'security'] }) },
          { path: '/user/member', ...page(membership.member, (m) => m.MemberPage, { login: true, areas: ['membership'] }) },
          { path: '/user/member/equity', ...page(membership.equity, (m) => m.EquityPage, { login: true, areas: ['membership'] }) },
          { path: '/user/member/score', ...page(membership.score, (m) => m.ScorePage, { login: true, areas: ['membership'] }) },
        ],
      },
      ...Object.entries(POLICY_PAGES).map(([path, kind]) => ({
        path, ...page(() => import('../features/content/PolicyPage'), (m) => function Policy() { return <m.PolicyPage kind={kind} />; }, { areas: ['content'] }),
      })),
      // Articles and the forum (one chunk: features/content/pages).
      { path: '/articles', ...page(() => import('../features/content/pages/ArticlesPage'), (m) => m.ArticlesPage, { areas: ['content'] }) },
      { path: '/articles/:id', ...page(() => import('../features/content/pages/ArticleDetailPage'), (m) => m.ArticleDetailPage, { areas: ['content'] }) },
      { path: '/bbs/post-detail/:id', ...page(() => import('../features/content/pages/ArticleDetailPage'), (m) => m.ForumPostPage, { areas: ['content'] }) },
      { path: '/operator/merchant-applications', ...page(() => import('../features/operator/pages/OperatorPage'), (m) => m.OperatorPage, { login: true, areas: ['operator', 'content'] }) },
      { path: '/merchant/apply', ...page(merchant, (m) => m.MerchantApplyPage, { login: true }) },
      { path: '/merchant/audit', ...page(merchant, (m) => m.MerchantAuditPage, { login: true }) },
      { path: '/merchant-console/orders', ...page(() => import('../features/merchant/SellerOrdersPage'), (m) => m.SellerOrdersPage, { login: true, areas: ['seller'] }) },
      { path: '/merchant-console/after-sales', ...page(() => import('../features/aftersales/pages/seller/SellerAfterSalesPage'), (m) => m.SellerAfterSalesPage, { login: true, areas: ['seller'] }) },
      { path: '/merchant-console/reviews', ...page(() => import('../features/comment/pages/seller/SellerReviewsPage'), (m) => m.SellerReviewsPage, { login: true, areas: ['seller', 'ratings', 'gallery'] }) },
      { path: '*', ...page(() => import('../features/content/NotFoundPage'), (m) => m.NotFoundPage) },
    ],
  },
];

/** "/buyer/orders" -> "buyer"; matching ignores case, as React Router's does. */
const firstSegment = (path: string) => (path.split('/')[1] ?? '').toLowerCase();

/** The route tree without the leaves that cannot match a path starting with `segment`. */
function routesFor(list: RouteObject[], segment: string): RouteObject[] {
  return list.flatMap((r) => {
    if (r.children) {
      const children = routesFor(r.children, segment);
      return children.length ? [{ ...r, children }] : [];
    }
    return !r.path || r.path === '*' || r.path.startsWith('/:') || firstSegment(r.path) === segment ? [r] : [];
  });
}

/**
 * React Router compiles and ranks every route's pattern on each match (once per navigation):
 * with ~90 routes that was 15-20 ms of a phone's main thread before the first paint. Only the
 * routes of the path's first segment (and the catch-all) are handed over; the same elements,
 * so a layout stays mounted across segments.
 */
const routesBySegment = new Map<string, RouteObject[]>();

/**
 * Starts downloading the code and texts of the page at `pathname` (and of its layouts) as the
 * app boots, right after its first paint (main.tsx). The buyer centre's pages sit inside a lazily
 * loaded layout: left to the render, a phone fetched the layout's chunk, then the page's, one
 * round trip after the other.
 */
export function preloadPage(pathname: string): void {
  for (const match of matchRoutes(candidatesFor(firstSegment(pathname)), pathname) ?? []) {
    void (match.route.handle as RouteHandle | undefined)?.preload().catch(() => {});
  }
}

function candidatesFor(segment: string): RouteObject[] {
  let candidates = routesBySegment.get(segment);
  if (!candidates) routesBySegment.set(segment, candidates = routesFor(routes, segment));
  return candidates;
}

/** The shop's pages; rendered inside <BrowserRouter> (main.tsx). */
export function AppRoutes() {
  return useRoutes(candidatesFor(firstSegment(useLocation().pathname)));
}
