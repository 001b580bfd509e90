import type { ComponentType } from 'react';
import { data, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { PolicyKind, PolicyRoute } from '@mall/contracts';
import { safeRedirect } from '@mall/domain';
import { isLoggedIn } from '../shared/session';
import { loadAreas, type Area } from '../shared/i18n';
import { Root, layoutLoader } from './Layout';
import { RequireLogin } from './RequireLogin';
import { PageLoading } from '../shared/PageLoading';
import { useHydrated } from '../shared/useHydrated';
import { pageContextOf, sessionOf, type PageContext } from './page-context';

/** Every policy route of SPEC §2 and what it shows. */
const POLICY_PAGES: Record<PolicyRoute, PolicyKind> = {
  '/privacy-policy': 'privacy',
  '/datenschutzerklaerung': 'privacy',
  '/informativa-privacy': 'privacy',
  '/agb': 'terms',
  '/terms-conditions': 'terms',
  '/termini-e-condizioni': 'terms',
  '/terms-and-conditions': 'terms',
  '/algemene-voorwaarden-webwinkel': 'terms',
  '/warranty': 'warranty',
  '/shipping-policy': 'shipping',
  '/sms': 'sms',
};

/** What a page module may export to read its data before it renders (on the server: into the HTML). */
export type PageLoader = (page: PageContext, args: LoaderFunctionArgs) => Promise<unknown> | undefined | void;

interface PageOptions<M> {
  /** Registered buyers only: others are sent to /login with a target back here. */
  login?: boolean;
  /** Sign-in forms: a logged-in buyer opening one goes where the link wanted (a path of this shop) or to the buyer centre. */
  guestOnly?: boolean;
  /** The text areas (locales/<area>) the page shows, loaded with its code. */
  areas?: readonly Area[];
  /** The page's first reads (a loader its module exports). */
  data?: (module: M) => PageLoader;
  /**
   * The page is made from what only the browser holds (the history entry's state: the cart's lines
   * going to checkout, an email carried over): the server sends its loading state and the browser
   * renders it once hydrated.
   */
  browserState?: boolean;
  /**
   * The page shows guests the catalog only: the same HTML for every guest of a site and language
   * while the catalog version stands (the server keeps it a few seconds: modules/web/page-cache.ts).
   */
  shared?: boolean;
}

/** `Page`, or its loading state until the browser has hydrated the server's HTML. */
function inBrowserOnly(Page: ComponentType): ComponentType {
  return function BrowserStatePage() {
    return useHydrated() ? <Page /> : <PageLoading />;
  };
}

/** The text areas of the routes a request matched (entry-server.tsx sends only those texts); `shared`: PageOptions.shared. */
export interface RouteHandle {
  areas: readonly Area[];
  shared?: boolean;
}

/**
 * A page, loaded with its feature when first visited (one chunk per feature folder), so the first
 * load of any route carries the shell (top bar, layout, Mantine, router, query) and that route's
 * feature only. React Router's `lazy` fetches the code; the loader fetches it too (the same
 * import) together with the page's texts and reads, so all three arrive in parallel.
 */
function page<M>(
  load: () => Promise<M>,
  pick: (m: M) => ComponentType,
  opts: PageOptions<M> = {},
): Pick<RouteObject, 'lazy' | 'loader' | 'handle'> {
  const areas = opts.areas ?? [];
  return {
    handle: { areas, shared: opts.shared } satisfies RouteHandle,
    lazy: async () => {
      const picked = pick(await load());
      const Page = opts.browserState ? inBrowserOnly(picked) : picked;
      return {
        Component: opts.login
          ? function LoginPage() {
              return (
                <RequireLogin>
                  <Page />
                </RequireLogin>
              );
            }
          : Page,
      };
    },
    loader: async (args) => {
      const context = pageContextOf(args.context);
      if (opts.login && !isLoggedIn(await sessionOf(context))) {
        const url = new URL(args.request.url);
        // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router redirects by a thrown Response
        throw redirect(`/login?target=${encodeURIComponent(url.pathname + url.search)}`);
      }
      // On the server only: in the browser the form itself moves on after a login (to its target),
      // and a loader redirect on the session's change would race it.
      if (opts.guestOnly && context.server && isLoggedIn(await sessionOf(context))) {
        const url = new URL(args.request.url);
        const target = url.searchParams.get('target');
        // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router redirects by a thrown Response
        throw redirect(target ? safeRedirect(target, { origin: url.origin }).url : '/buyer/index');
      }
      const [module] = await Promise.all([load(), loadAreas(context.i18n, areas)]);
      const answer = await opts.data?.(module)(context, args);
      // A page's loader may set the response's status (a not-found entry: 404) with data(null, { status }).
      return isDataWithStatus(answer) ? answer : null;
    },
  };
}

/** What React Router's data() makes (its status becomes the server's response status). */
const isDataWithStatus = (v: unknown): v is ReturnType<typeof data> =>
  typeof v === 'object' && v !== null && (v as { type?: unknown }).type === 'DataWithResponseInit';

/** Text areas shared by several routes. */
const ORDERS: Area[] = ['orders'];
const BULK: Area[] = ['bulk', 'orders'];
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
const bulk = () => import('../features/bulk/pages/OrderProcessPage');
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

/**
 * The shop's pages (SPEC §2). Rendered on the server by entry-server.tsx and in the browser by
 * main.tsx, from the same table.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: Root,
    loader: layoutLoader,
    children: [
      { path: '/', ...page(catalog.home, (m) => m.HomePage, { data: (m) => m.loadHomePage, shared: true }) },
      {
        path: '/item/:urlKey',
        ...page(catalog.item, (m) => m.ItemPage, {
          areas: ['gallery', 'ratings'],
          data: (m) => m.loadItemPage,
          shared: true,
        }),
      },
      {
        path: '/cart',
        ...page(
          () => import('../features/cart/CartPage'),
          (m) => m.CartPage,
          { areas: ['gallery', 'ratings'] },
        ),
      },
      {
        path: '/checkout',
        // The certificates' texts: a cross-border order asks for a certificate on the page.
        ...page(checkout, (m) => m.CheckoutPage, { browserState: true, areas: [...BULK, 'certificates'] }),
      },
      {
        path: '/buyer/create-address',
        ...page(
          () => import('../features/address/CreateAddressPage'),
          (m) => m.CreateAddressPage,
          { browserState: true, login: true },
        ),
      },
      { path: '/order-process', ...page(bulk, (m) => m.OrderProcessPage, { browserState: true, areas: BULK }) },
      {
        path: '/order-process/:requestId',
        ...page(
          () => import('../features/bulk/pages/OrderRequestPage'),
          (m) => m.OrderRequestPage,
          { areas: BULK },
        ),
      },
      { path: '/buyer/pay-result', ...page(results, (m) => m.PayResultPage, { areas: ORDERS }) },
      { path: '/buyer/pre-pay', ...page(results, (m) => m.PrePayPage, { areas: ORDERS }) },
      {
        path: '/buyer/merge-pay',
        ...page(
          () => import('../features/orders/MergePayPage'),
          (m) => m.MergePayPage,
          { areas: ORDERS },
        ),
      },
      { path: '/login', ...page(auth, (m) => m.LoginPage, { areas: SIGN_IN, guestOnly: true }) },
      {
        path: '/confirm-success',
        ...page(
          () => import('../features/orders/ConfirmSuccessPage'),
          (m) => m.ConfirmSuccessPage,
          { areas: ORDERS },
        ),
      },
      {
        path: '/bulk-to-pay/:orderId',
        ...page(
          () => import('../features/orders/BulkToPayPage'),
          (m) => m.BulkToPayPage,
          { areas: ORDER_DETAIL },
        ),
      },
      {
        path: '/order-lookup',
        ...page(
          () => import('../features/orders/GuestLookupPage'),
          (m) => m.GuestLookupPage,
          { browserState: true, areas: ORDER_DETAIL },
        ),
      },
      { path: '/signup', ...page(auth, (m) => m.SignupPage, { areas: SIGN_IN, guestOnly: true }) },
      {
        path: '/forgot-password',
        ...page(
          () => import('../features/account/pages/ForgotPasswordPage'),
          (m) => m.ForgotPasswordPage,
          { areas: ['security'] },
        ),
      },
      // Development mailbox (the API behind it is off in production).
      {
        path: '/dev/mailbox',
        ...page(
          () => import('../features/account/pages/DevMailboxPage'),
          (m) => m.DevMailboxPage,
          { areas: ['security'] },
        ),
      },
      {
        ...page(
          () => import('../features/buyer/BuyerLayout'),
          (m) => m.BuyerLayout,
        ),
        children: [
          { path: '/buyer', loader: () => redirect('/buyer/index') },
          { path: '/buyer/index', ...page(buyer, (m) => m.BuyerIndexPage, { areas: ['buyerhome', 'orders'] }) },
          {
            path: '/buyer/orders',
            ...page(
              () => import('../features/orders/OrdersPage'),
              (m) => m.OrdersPage,
              { areas: ['orders', 'comment'], data: (m) => m.loadOrdersPage },
            ),
          },
          {
            path: '/buyer/order/detail/:orderId',
            ...page(
              () => import('../features/orders/OrderDetailPage'),
              (m) => m.OrderDetailPage,
              { areas: ORDER_DETAIL },
            ),
          },
          {
            path: '/buyer/express-trick/:orderId',
            ...page(
              () => import('../features/orders/ExpressTrickPage'),
              (m) => m.ExpressTrickPage,
              { areas: ORDER_DETAIL },
            ),
          },
          {
            path: '/buyer/confirm/:orderId',
            ...page(
              () => import('../features/orders/ConfirmPage'),
              (m) => m.ConfirmPage,
              { areas: ORDER_DETAIL },
            ),
          },
          { path: '/buyer/as-apply', ...page(afterSales.apply, (m) => m.ApplyPage, { areas: AFTER_SALES }) },
          { path: '/buyer/as-list', ...page(afterSales.list, (m) => m.ListPage, { areas: AFTER_SALES }) },
          {
            path: '/buyer/as/detail/:id',
            ...page(afterSales.detail, (m) => m.DetailPage, { areas: AFTER_SALES, data: (m) => m.loadDetailPage }),
          },
          {
            path: '/buyer/send-back-items',
            ...page(afterSales.sendBack, (m) => m.SendBackPage, { browserState: true, areas: AFTER_SALES }),
          },
          {
            path: '/buyer/m-logistics',
            ...page(afterSales.logistics, (m) => m.LogisticsPage, { browserState: true, areas: AFTER_SALES }),
          },
          // Reviews: registered buyers only.
          { path: '/buyer/comments', ...page(reviews.list, (m) => m.CommentsPage, { login: true, areas: REVIEWS }) },
          {
            path: '/buyer/comment-add',
            ...page(reviews.add, (m) => m.CommentAddPage, { login: true, areas: REVIEWS }),
          },
          { path: '/buyer/comment', ...page(reviews.redirect, (m) => m.CommentRedirect, { areas: REVIEWS }) },
          {
            path: '/buyer/comment-detail/:id',
            ...page(reviews.detail, (m) => m.CommentDetailPage, { login: true, areas: REVIEWS }),
          },
          {
            path: '/buyer/comment-plus/:id',
            ...page(reviews.plus, (m) => m.CommentPlusPage, { login: true, areas: REVIEWS }),
          },
          {
            path: '/buyer/address',
            ...page(
              () => import('../features/address/AddressBookPage'),
              (m) => m.AddressBookPage,
              { login: true },
            ),
          },
          {
            path: '/buyer/cards',
            ...page(
              () => import('../features/card/CardsPage'),
              (m) => m.CardsPage,
              { login: true },
            ),
          },
          {
            path: '/buyer/certificates',
            ...page(
              () => import('../features/certificate/CertificatesPage'),
              (m) => m.CertificatesPage,
              { login: true, areas: ['certificates'] },
            ),
          },
          {
            path: '/buyer/my-coupons',
            ...page(
              () => import('../features/coupons/MyCouponsPage'),
              (m) => m.MyCouponsPage,
              { login: true, areas: ['coupons', 'orders'] },
            ),
          },
          {
            path: '/user/super-member',
            ...page(
              () => import('../features/membership/pages/SuperMemberPage'),
              (m) => m.SuperMemberPage,
              { login: true, areas: ['supermember'] },
            ),
          },
          {
            path: '/buyer/account-security',
            ...page(
              () => import('../features/account/pages/AccountSecurityPage'),
              (m) => m.AccountSecurityPage,
              { login: true, areas: ['account', 'oidc', 'security'] },
            ),
          },
          {
            path: '/user/member',
            ...page(membership.member, (m) => m.MemberPage, { login: true, areas: ['membership'] }),
          },
          {
            path: '/user/member/equity',
            ...page(membership.equity, (m) => m.EquityPage, { login: true, areas: ['membership'] }),
          },
          {
            path: '/user/member/score',
            ...page(membership.score, (m) => m.ScorePage, { login: true, areas: ['membership'] }),
          },
        ],
      },
      ...Object.entries(POLICY_PAGES).map(([path, kind]) => ({
        path,
        ...page(
          () => import('../features/content/PolicyPage'),
          (m) =>
            function Policy() {
              return <m.PolicyPage kind={kind} />;
            },
          { areas: ['content'], data: (m) => m.loadPolicyPage(kind) },
        ),
      })),
      // Articles and the forum (one chunk: features/content/pages).
      {
        path: '/articles',
        ...page(
          () => import('../features/content/pages/ArticlesPage'),
          (m) => m.ArticlesPage,
          { areas: ['content'] },
        ),
      },
      {
        path: '/articles/:id',
        ...page(
          () => import('../features/content/pages/ArticleDetailPage'),
          (m) => m.ArticleDetailPage,
          { areas: ['content'], data: (m) => m.loadArticlePage },
        ),
      },
      {
        path: '/subscription/confirm',
        ...page(
          () => import('../features/subscription/pages/SubscriptionLinkPage'),
          (m) => m.ConfirmSubscriptionPage,
          { areas: ['subscription'] },
        ),
      },
      {
        path: '/subscription/unsubscribe',
        ...page(
          () => import('../features/subscription/pages/SubscriptionLinkPage'),
          (m) => m.UnsubscribePage,
          { areas: ['subscription'] },
        ),
      },
      {
        path: '/bbs/post-detail/:id',
        ...page(
          () => import('../features/content/pages/ArticleDetailPage'),
          (m) => m.ForumPostPage,
          { areas: ['content'], data: (m) => m.loadForumPostPage },
        ),
      },
      {
        path: '/operator/merchant-applications',
        ...page(
          () => import('../features/operator/pages/OperatorPage'),
          (m) => m.OperatorPage,
          { login: true, areas: ['operator', 'content'] },
        ),
      },
      { path: '/merchant/apply', ...page(merchant, (m) => m.MerchantApplyPage, { login: true }) },
      { path: '/merchant/audit', ...page(merchant, (m) => m.MerchantAuditPage, { login: true }) },
      {
        path: '/merchant-console/orders',
        ...page(
          () => import('../features/merchant/SellerOrdersPage'),
          (m) => m.SellerOrdersPage,
          { login: true, areas: ['seller'] },
        ),
      },
      {
        path: '/merchant-console/after-sales',
        ...page(
          () => import('../features/aftersales/pages/seller/SellerAfterSalesPage'),
          (m) => m.SellerAfterSalesPage,
          { login: true, areas: ['seller'] },
        ),
      },
      {
        path: '/merchant-console/group-buy',
        ...page(
          () => import('../features/group-buy/pages/SellerGroupBuyPage'),
          (m) => m.SellerGroupBuyPage,
          { login: true, areas: ['seller'] },
        ),
      },
      {
        path: '/group-buy/:groupId',
        ...page(
          () => import('../features/group-buy/pages/GroupPage'),
          (m) => m.GroupPage,
        ),
      },
      {
        path: '/merchant-console/service-codes',
        ...page(
          () => import('../features/service-codes/pages/SellerServiceCodesPage'),
          (m) => m.SellerServiceCodesPage,
          { login: true, areas: ['seller'] },
        ),
      },
      {
        path: '/merchant-console/invoices',
        ...page(
          () => import('../features/invoice/pages/SellerInvoicesPage'),
          (m) => m.SellerInvoicesPage,
          { login: true, areas: ['seller', 'orders'] },
        ),
      },
      {
        path: '/merchant-console/bulk-requests',
        ...page(
          () => import('../features/bulk/pages/SellerBulkRequestsPage'),
          (m) => m.SellerBulkRequestsPage,
          { login: true, areas: ['seller', 'bulk'] },
        ),
      },
      {
        path: '/merchant-console/bulk-requests/:requestId',
        ...page(
          () => import('../features/bulk/pages/SellerBulkRequestPage'),
          (m) => m.SellerBulkRequestPage,
          { login: true, areas: ['seller', 'bulk'] },
        ),
      },
      {
        path: '/merchant-console/reviews',
        ...page(
          () => import('../features/comment/pages/seller/SellerReviewsPage'),
          (m) => m.SellerReviewsPage,
          { login: true, areas: ['seller', 'ratings', 'gallery'] },
        ),
      },
      {
        path: '*',
        ...page(
          () => import('../features/content/NotFoundPage'),
          (m) => m.NotFoundPage,
          { data: (m) => m.loadNotFoundPage },
        ),
      },
    ],
  },
];
