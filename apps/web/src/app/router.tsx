import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { Center, Loader } from '@mantine/core';
import type { PolicyKind, PolicyRoute } from '@mall/contracts';
import { loadAreaTexts } from '../shared/i18n';
import { Layout } from './Layout';
import { RequireLogin } from './RequireLogin';

/** Every policy route of SPEC §2 and what it shows. */
const POLICY_PAGES: Record<PolicyRoute, PolicyKind> = {
  '/privacy-policy': 'privacy', '/datenschutzerklaerung': 'privacy', '/informativa-privacy': 'privacy',
  '/agb': 'terms', '/terms-conditions': 'terms', '/termini-e-condizioni': 'terms', '/terms-and-conditions': 'terms',
  '/algemene-voorwaarden-webwinkel': 'terms', '/warranty': 'warranty', '/shipping-policy': 'shipping', '/sms': 'sms',
};

/** Shown in the page area while a lazily loaded page arrives on the first load. */
const chunkLoading = <Center py="xl"><Loader aria-label="Loading" /></Center>;

/**
 * Every page is loaded with its feature when first visited (one chunk per feature folder), so
 * the first load of any route carries the shell (top bar, layout, Mantine, router, query) and
 * that route's feature only. `login` wraps the page in RequireLogin. Plain React.lazy routes
 * (not the data router's `lazy`) keep React Router's declarative build: 14 KB gzip instead of 31.
 */
function page<M>(load: () => Promise<M>, pick: (m: M) => ComponentType, opts: { login?: boolean } = {}): Pick<RouteObject, 'element'> {
  // The English area texts (the fallback of every language) come with the first page.
  const Page = lazy(async () => {
    const [module] = await Promise.all([load(), loadAreaTexts()]);
    return { default: pick(module) };
  });
  const element = <Suspense fallback={chunkLoading}><Page /></Suspense>;
  return { element: opts.login ? <RequireLogin>{element}</RequireLogin> : element };
}

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
      { path: '/item/:urlKey', ...page(catalog.item, (m) => m.ItemPage) },
      { path: '/cart', ...page(() => import('../features/cart/CartPage'), (m) => m.CartPage) },
      { path: '/checkout', ...page(checkout, (m) => m.CheckoutPage) },
      { path: '/buyer/create-address', ...page(() => import('../features/address/CreateAddressPage'), (m) => m.CreateAddressPage, { login: true }) },
      { path: '/order-process', ...page(results, (m) => m.OrderProcessPage) },
      { path: '/buyer/pay-result', ...page(results, (m) => m.PayResultPage) },
      { path: '/buyer/pre-pay', ...page(results, (m) => m.PrePayPage) },
      { path: '/login', ...page(auth, (m) => m.LoginPage) },
      { path: '/confirm-success', ...page(() => import('../features/orders/ConfirmSuccessPage'), (m) => m.ConfirmSuccessPage) },
      { path: '/bulk-to-pay/:orderId', ...page(() => import('../features/orders/BulkToPayPage'), (m) => m.BulkToPayPage) },
      { path: '/order-lookup', ...page(() => import('../features/orders/GuestLookupPage'), (m) => m.GuestLookupPage) },
      { path: '/signup', ...page(auth, (m) => m.SignupPage) },
      { path: '/forgot-password', ...page(() => import('../features/account/pages/ForgotPasswordPage'), (m) => m.ForgotPasswordPage) },
      // Development mailbox (the API behind it is off in production).
      { path: '/dev/mailbox', ...page(() => import('../features/account/pages/DevMailboxPage'), (m) => m.DevMailboxPage) },
      {
        ...page(() => import('../features/buyer/BuyerLayout'), (m) => m.BuyerLayout),
        children: [
          { path: '/buyer', element: <Navigate to="/buyer/index" replace /> },
          { path: '/buyer/index', ...page(buyer, (m) => m.BuyerIndexPage) },
          { path: '/buyer/orders', ...page(() => import('../features/orders/OrdersPage'), (m) => m.OrdersPage) },
          { path: '/buyer/order/detail/:orderId', ...page(() => import('../features/orders/OrderDetailPage'), (m) => m.OrderDetailPage) },
          { path: '/buyer/express-trick/:orderId', ...page(() => import('../features/orders/ExpressTrickPage'), (m) => m.ExpressTrickPage) },
          { path: '/buyer/confirm/:orderId', ...page(() => import('../features/orders/ConfirmPage'), (m) => m.ConfirmPage) },
          { path: '/buyer/as-apply', ...page(afterSales.apply, (m) => m.ApplyPage) },
          { path: '/buyer/as-list', ...page(afterSales.list, (m) => m.ListPage) },
          { path: '/buyer/as/detail/:id', ...page(afterSales.detail, (m) => m.DetailPage) },
          { path: '/buyer/send-back-items', ...page(afterSales.sendBack, (m) => m.SendBackPage) },
          { path: '/buyer/m-logistics', ...page(afterSales.logistics, (m) => m.LogisticsPage) },
          // Reviews: registered buyers only.
          { path: '/buyer/comments', ...page(reviews.list, (m) => m.CommentsPage, { login: true }) },
          { path: '/buyer/comment-add', ...page(reviews.add, (m) => m.CommentAddPage, { login: true }) },
          { path: '/buyer/comment', ...page(reviews.redirect, (m) => m.CommentRedirect) },
          { path: '/buyer/comment-detail/:id', ...page(reviews.detail, (m) => m.CommentDetailPage, { login: true }) },
          { path: '/buyer/comment-plus/:id', ...page(reviews.plus, (m) => m.CommentPlusPage, { login: true }) },
          { path: '/buyer/address', ...page(() => import('../features/address/AddressBookPage'), (m) => m.AddressBookPage, { login: true }) },
          { path: '/buyer/cards', ...page(() => import('../features/card/CardsPage'), (m) => m.CardsPage, { login: true }) },
          { path: '/buyer/certificates', ...page(() => import('../features/certificate/CertificatesPage'), (m) => m.CertificatesPage, { login: true }) },
          { path: '/buyer/my-coupons', ...page(() => import('../features/coupons/MyCouponsPage'), (m) => m.MyCouponsPage, { login: true }) },
          { path: '/user/super-member', ...page(() => import('../features/membership/pages/SuperMemberPage'), (m) => m.SuperMemberPage, { login: true }) },
          { path: '/buyer/account-security', ...page(() => import('../features/account/pages/AccountSecurityPage'), (m) => m.AccountSecurityPage, { login: true }) },
          { path: '/user/member', ...page(membership.member, (m) => m.MemberPage, { login: true }) },
          { path: '/user/member/equity', ...page(membership.equity, (m) => m.EquityPage, { login: true }) },
          { path: '/user/member/score', ...page(membership.score, (m) => m.ScorePage, { login: true }) },
        ],
      },
      ...Object.entries(POLICY_PAGES).map(([path, kind]) => ({
        path, ...page(() => import('../features/content/PolicyPage'), (m) => function Policy() { return <m.PolicyPage kind={kind} />; }),
      })),
      // Articles and the forum (one chunk: features/content/pages).
      { path: '/articles', ...page(() => import('../features/content/pages/ArticlesPage'), (m) => m.ArticlesPage) },
      { path: '/articles/:id', ...page(() => import('../features/content/pages/ArticleDetailPage'), (m) => m.ArticleDetailPage) },
      { path: '/bbs/post-detail/:id', ...page(() => import('../features/content/pages/ArticleDetailPage'), (m) => m.ForumPostPage) },
      { path: '/operator/merchant-applications', ...page(() => import('../features/operator/pages/OperatorPage'), (m) => m.OperatorPage, { login: true }) },
      { path: '/merchant/apply', ...page(merchant, (m) => m.MerchantApplyPage, { login: true }) },
      { path: '/merchant/audit', ...page(merchant, (m) => m.MerchantAuditPage, { login: true }) },
      { path: '/merchant-console/orders', ...page(() => import('../features/merchant/SellerOrdersPage'), (m) => m.SellerOrdersPage, { login: true }) },
      { path: '/merchant-console/after-sales', ...page(() => import('../features/aftersales/pages/seller/SellerAfterSalesPage'), (m) => m.SellerAfterSalesPage, { login: true }) },
      { path: '/merchant-console/reviews', ...page(() => import('../features/comment/pages/seller/SellerReviewsPage'), (m) => m.SellerReviewsPage, { login: true }) },
      { path: '*', ...page(() => import('../features/content/NotFoundPage'), (m) => m.NotFoundPage) },
    ],
  },
];

/** The shop's pages; rendered inside <BrowserRouter> (main.tsx). */
export function AppRoutes() {
  return useRoutes(routes);
}
