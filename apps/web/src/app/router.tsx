import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { Center, Loader } from '@mantine/core';
import type { PolicyKind, PolicyRoute } from '@mall/contracts';
import { Layout } from './Layout';
import { RequireLogin } from './RequireLogin';
import { HomePage } from '../features/catalog/HomePage';
import { ItemPage } from '../features/catalog/ItemPage';
import { CartPage } from '../features/cart/CartPage';
import { CheckoutPage } from '../features/checkout/CheckoutPage';
import { OrderProcessPage, PayResultPage, PrePayPage } from '../features/checkout/ResultPages';
import { LoginPage, SignupPage } from '../features/identity/AuthPages';
import { BuyerLayout } from '../features/buyer/BuyerLayout';
import { BuyerIndexPage, BuyerSectionPage } from '../features/buyer/BuyerPages';
import { AddressBookPage } from '../features/address/AddressBookPage';
import { CreateAddressPage } from '../features/address/CreateAddressPage';
import { CardsPage } from '../features/card/CardsPage';
import { PolicyPage } from '../features/content/PolicyPage';
import { NotFoundPage } from '../features/content/NotFoundPage';
import { MerchantApplyPage, MerchantAuditPage } from '../features/merchant/MerchantPages';
import { SellerOrdersPage } from '../features/merchant/SellerOrdersPage';
import { OrdersPage } from '../features/orders/OrdersPage';
import { OrderDetailPage } from '../features/orders/OrderDetailPage';
import { ExpressTrickPage } from '../features/orders/ExpressTrickPage';
import { ConfirmPage } from '../features/orders/ConfirmPage';
import { ConfirmSuccessPage } from '../features/orders/ConfirmSuccessPage';
import { BulkToPayPage } from '../features/orders/BulkToPayPage';
import { GuestLookupPage } from '../features/orders/GuestLookupPage';

/** Every policy route of SPEC §2 and what it shows. */
const POLICY_PAGES: Record<PolicyRoute, PolicyKind> = {
  '/privacy-policy': 'privacy', '/datenschutzerklaerung': 'privacy', '/informativa-privacy': 'privacy',
  '/agb': 'terms', '/terms-conditions': 'terms', '/termini-e-condizioni': 'terms', '/terms-and-conditions': 'terms',
  '/algemene-voorwaarden-webwinkel': 'terms', '/warranty': 'warranty', '/shipping-policy': 'shipping', '/sms': 'sms',
};

const afterSales = () => import('../features/aftersales/pages/aftersales');
const reviews = () => import('../features/comment/pages/comment');
/** Shown in the page area while a lazily loaded page arrives on the first load. */
const chunkLoading = <Center py="xl"><Loader aria-label="Loading" /></Center>;

const member = (section: string) => <RequireLogin><BuyerSectionPage section={section} /></RequireLogin>;

const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/item/:urlKey', element: <ItemPage /> },
      { path: '/cart', element: <CartPage /> },
      { path: '/checkout', element: <CheckoutPage /> },
      { path: '/buyer/create-address', element: <RequireLogin><CreateAddressPage /></RequireLogin> },
      { path: '/order-process', element: <OrderProcessPage /> },
      { path: '/buyer/pay-result', element: <PayResultPage /> },
      { path: '/buyer/pre-pay', element: <PrePayPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/confirm-success', element: <ConfirmSuccessPage /> },
      { path: '/bulk-to-pay/:orderId', element: <BulkToPayPage /> },
      { path: '/order-lookup', element: <GuestLookupPage /> },
      { path: '/signup', element: <SignupPage /> },
      {
        element: <BuyerLayout />,
        children: [
          { path: '/buyer', element: <Navigate to="/buyer/index" replace /> },
          { path: '/buyer/index', element: <BuyerIndexPage /> },
          { path: '/buyer/orders', element: <OrdersPage /> },
          { path: '/buyer/order/detail/:orderId', element: <OrderDetailPage /> },
          { path: '/buyer/express-trick/:orderId', element: <ExpressTrickPage /> },
          { path: '/buyer/confirm/:orderId', element: <ConfirmPage /> },
          // After-sales: one lazily loaded chunk (features/aftersales/pages).
          { path: '/buyer/as-apply', hydrateFallbackElement: chunkLoading, lazy: () => afterSales().then((m) => ({ Component: m.ApplyPage })) },
          { path: '/buyer/as-list', hydrateFallbackElement: chunkLoading, lazy: () => afterSales().then((m) => ({ Component: m.ListPage })) },
          { path: '/buyer/as/detail/:id', hydrateFallbackElement: chunkLoading, lazy: () => afterSales().then((m) => ({ Component: m.DetailPage })) },
          { path: '/buyer/send-back-items', hydrateFallbackElement: chunkLoading, lazy: () => afterSales().then((m) => ({ Component: m.SendBackPage })) },
          { path: '/buyer/m-logistics', hydrateFallbackElement: chunkLoading, lazy: () => afterSales().then((m) => ({ Component: m.LogisticsPage })) },
          // Reviews: one lazily loaded chunk (features/comment/pages), registered buyers only.
          { path: '/buyer/comments', hydrateFallbackElement: chunkLoading, lazy: () => reviews().then((m) => ({ element: <RequireLogin><m.CommentsPage /></RequireLogin> })) },
          { path: '/buyer/comment-add', hydrateFallbackElement: chunkLoading, lazy: () => reviews().then((m) => ({ element: <RequireLogin><m.CommentAddPage /></RequireLogin> })) },
          { path: '/buyer/comment', hydrateFallbackElement: chunkLoading, lazy: () => reviews().then((m) => ({ Component: m.CommentRedirect })) },
          { path: '/buyer/comment-detail/:id', hydrateFallbackElement: chunkLoading, lazy: () => reviews().then((m) => ({ element: <RequireLogin><m.CommentDetailPage /></RequireLogin> })) },
          { path: '/buyer/comment-plus/:id', hydrateFallbackElement: chunkLoading, lazy: () => reviews().then((m) => ({ element: <RequireLogin><m.CommentPlusPage /></RequireLogin> })) },
          { path: '/buyer/address', element: <RequireLogin><AddressBookPage /></RequireLogin> },
          { path: '/buyer/cards', element: <RequireLogin><CardsPage /></RequireLogin> },
          { path: '/buyer/certificates', element: member('certificates') },
          { path: '/buyer/my-coupons', element: member('coupons') },
          { path: '/buyer/account-security', element: member('security') },
          { path: '/user/member', element: member('membership') },
        ],
      },
      ...Object.entries(POLICY_PAGES).map(([path, kind]) => ({ path, element: <PolicyPage kind={kind} /> })),
      { path: '/merchant/apply', element: <RequireLogin><MerchantApplyPage /></RequireLogin> },
      { path: '/merchant/audit', element: <RequireLogin><MerchantAuditPage /></RequireLogin> },
      { path: '/merchant-console/orders', element: <RequireLogin><SellerOrdersPage /></RequireLogin> },
      {
        path: '/merchant-console/after-sales',
        hydrateFallbackElement: chunkLoading,
        lazy: async () => {
          const { SellerAfterSalesPage } = await import('../features/aftersales/pages/seller/SellerAfterSalesPage');
          return { element: <RequireLogin><SellerAfterSalesPage /></RequireLogin> };
        },
      },
      {
        path: '/merchant-console/reviews',
        hydrateFallbackElement: chunkLoading,
        lazy: async () => {
          const { SellerReviewsPage } = await import('../features/comment/pages/seller/SellerReviewsPage');
          return { element: <RequireLogin><SellerReviewsPage /></RequireLogin> };
        },
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
