/**
 * /merchant-console/after-sales: the seller's after-sales requests by tab (to audit, to receive,
 * to refund, to ship, all) with search by after-sale number and paging; the seller approves or
 * rejects applications, checks returned goods, refunds (and retries failed refunds), ships the
 * replacement of an exchange and adds its tracking events. Each shop's return address is kept here.
 */
import { useState } from 'react';
import { Alert, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useLastPageGuard, useSellerTabParams } from '../../../merchant/seller/listParams';
import { NotSellerPage } from '../../../merchant/seller/NotSellerNotice';
import {
  SellerConsolePage,
  SellerListTabs,
  SellerLoadError,
  SellerPagedList,
  SellerSearchForm,
} from '../../../merchant/seller/SellerConsolePage';
import type { ReverseShipment, SellerReverse } from '@mall/contracts';
import { ConfirmDialog } from '../../../../shared/ConfirmDialog';
import { EmptyBlock } from '../../../../shared/EmptyBlock';
import { useMoney } from '../../../../shared/format';
import { useMerchantStatus } from '../../../merchant/seller/api';
import { isNotSeller } from '../../../merchant/seller/errors';
import {
  SELLER_AS_PAGE_SIZE,
  SELLER_AS_TABS,
  type SellerAsTab,
  useRetryRefund,
  useReturnAddresses,
  useSellerAsError,
  useSellerReverses,
} from '../../api/seller';
import { DecisionModal, type Decision } from '../../components/seller/DecisionModal';
import { RefundModal } from '../../components/seller/RefundModal';
import { ReissueDialog } from '../../components/seller/ReissueDialog';
import { ReturnAddressModal, ReturnAddressSection } from '../../components/seller/ReturnAddressSection';
import { ReverseEventModal } from '../../components/seller/ReverseEventModal';
import { SellerReverseCard, type ReverseAction } from '../../components/seller/SellerReverseCard';
import { ShipExchangeModal } from '../../components/seller/ShipExchangeModal';
import classes from './SellerAfterSalesPage.module.css';

const DEFAULT_TAB: SellerAsTab = 'TO_AUDIT';

export function SellerAfterSalesPage() {
  const { t } = useTranslation();
  const apiError = useSellerAsError();
  const money = useMoney();
  const { status, keyword, pageNo, search, setSearch, go } = useSellerTabParams(SELLER_AS_TABS, DEFAULT_TAB);

  const merchant = useMerchantStatus();
  const list = useSellerReverses({ status, keyword, pageNo });
  const addresses = useReturnAddresses();

  const [decision, setDecision] = useState<Decision | null>(null);
  const [refunding, setRefunding] = useState<SellerReverse | null>(null);
  const [retrying, setRetrying] = useState<SellerReverse | null>(null);
  const [shipping, setShipping] = useState<SellerReverse | null>(null);
  const [reissuing, setReissuing] = useState<SellerReverse | null>(null);
  const [eventFor, setEventFor] = useState<ReverseShipment | null>(null);
  const [editingShop, setEditingShop] = useState<string | null>(null);
  /** A decision left to set the shop's return address comes back once the address dialog closes. */
  const [resume, setResume] = useState<Decision | null>(null);
  const retry = useRetryRefund();

  // Decisions empty pages: a page past the end moves to the last one that has requests.
  useLastPageGuard(list, pageNo, SELLER_AS_PAGE_SIZE);

  if (isNotSeller(list.error))
    return <NotSellerPage auditStatus={merchant.data?.auditStatus} prefix="sellerAfterSales" />;

  const addressOf = (shopId: string) =>
    addresses.data ? (addresses.data.find((s) => s.shopId === shopId)?.address ?? null) : undefined;

  const onAction = (r: SellerReverse, a: ReverseAction) => {
    switch (a.kind) {
      case 'audit':
      case 'qc':
        setDecision({ reverse: r, kind: a.kind, approve: a.approve });
        break;
      case 'refund':
        setRefunding(r);
        break;
      case 'retryRefund':
        retry.reset();
        setRetrying(r);
        break;
      case 'shipExchange':
        setShipping(r);
        break;
      case 'reissue':
        setReissuing(r);
        break;
    }
  };
  const editFromDecision = (shopId: string) => {
    setResume(decision);
    setDecision(null);
    setEditingShop(shopId);
  };
  const closeAddress = () => {
    setEditingShop(null);
    if (resume) {
      setDecision(resume);
      setResume(null);
    }
  };
  const confirmRetry = () => {
    if (!retrying || retry.isPending) return;
    const r = retrying;
    retry.mutate(
      { id: r.id, body: {} },
      {
        onSuccess: (res) => {
          notifications.show({
            color: 'green',
            title: t('sellerAfterSales.retry.success', { code: r.reverseTradeOrderCode }),
            message: t(`sellerAfterSales.status.${res.reverseTradeOrderStatus}`, {
              defaultValue: res.reverseTradeOrderStatus,
            }),
          });
          setRetrying(null);
        },
      },
    );
  };

  return (
    <SellerConsolePage
      titleId="seller-as-title"
      title={t('merchant.consoleTitle')}
      subtitle={t('sellerAfterSales.subtitle')}
      active="afterSales"
    >
      <ReturnAddressSection onEdit={setEditingShop} />

      <SellerListTabs
        tabs={SELLER_AS_TABS}
        value={status}
        onChange={(v) => go({ status: v, pageNo: 1 })}
        label={t('sellerAfterSales.tabsLabel')}
        tabLabel={(s) => t(`sellerAfterSales.tab.${s}`)}
        classNames={{ list: classes.tabs, tab: classes.tab }}
      >
        <Stack gap="md">
          <SellerSearchForm
            search={search}
            setSearch={setSearch}
            keyword={keyword}
            onSearch={(k) => go({ keyword: k, pageNo: 1 })}
            label={t('sellerAfterSales.search.label')}
            placeholder={t('sellerAfterSales.search.placeholder')}
            maxLength={40}
          />

          {list.isError && (
            <SellerLoadError
              title={t('sellerAfterSales.loadFailed')}
              message={apiError(list.error)}
              onRetry={() => void list.refetch()}
            />
          )}

          <SellerPagedList
            list={list}
            pageNo={pageNo}
            pageSize={SELLER_AS_PAGE_SIZE}
            onPage={(n) => go({ pageNo: n })}
            totalText={(count) => t('sellerAfterSales.total', { count })}
            empty={
              <EmptyBlock
                title={
                  keyword ? t('sellerAfterSales.empty.search', { keyword }) : t(`sellerAfterSales.empty.${status}`)
                }
              />
            }
            testId="seller-reverses"
          >
            {(items) =>
              items.map((r) => (
                <SellerReverseCard
                  key={r.id}
                  reverse={r}
                  onAction={onAction}
                  onEditAddress={setEditingShop}
                  addressMissing={addresses.data ? !addresses.data.find((s) => s.shopId === r.shopId)?.address : null}
                  onAddEvent={(_r, s) => setEventFor(s)}
                />
              ))
            }
          </SellerPagedList>
        </Stack>
      </SellerListTabs>

      <DecisionModal
        decision={decision}
        onClose={() => setDecision(null)}
        addressOf={addressOf}
        onEditAddress={editFromDecision}
      />
      <RefundModal reverse={refunding} onClose={() => setRefunding(null)} />
      <ShipExchangeModal reverse={shipping} onClose={() => setShipping(null)} />
      <ReissueDialog reverse={reissuing} onClose={() => setReissuing(null)} />
      <ReverseEventModal shipment={eventFor} onClose={() => setEventFor(null)} />
      <ReturnAddressModal shopId={editingShop} onClose={closeAddress} />
      <ConfirmDialog
        opened={!!retrying}
        onClose={() => !retry.isPending && setRetrying(null)}
        busy={retry.isPending}
        onConfirm={confirmRetry}
        title={retrying ? t('sellerAfterSales.retry.title', { code: retrying.reverseTradeOrderCode }) : ''}
        confirmLabel={t('sellerAfterSales.retry.confirm')}
      >
        {retry.error && (
          <Alert color="red" role="alert">
            {apiError(retry.error)}
          </Alert>
        )}
        {retrying && (
          <>
            <Text size="sm">
              {t('sellerAfterSales.retry.text', {
                amount: money(retrying.refund?.amount ?? retrying.actualRefundAmt ?? retrying.applyRefundAmt),
              })}
            </Text>
            {retrying.refund?.failedReason && (
              <Text size="sm" c="red.8">
                {t('sellerAfterSales.retry.lastError', { reason: retrying.refund.failedReason })}
              </Text>
            )}
          </>
        )}
      </ConfirmDialog>
    </SellerConsolePage>
  );
}

export default SellerAfterSalesPage;
