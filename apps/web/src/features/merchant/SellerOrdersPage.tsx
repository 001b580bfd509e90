/**
 * /merchant-console/orders: the seller backend (SPEC §4 "Merchant link"). The seller's shops,
 * then its orders by tab (to ship, shipped, cancel requests, all) with search by order number
 * and paging; ships lines in packages, adds tracking events and decides cancel requests.
 */
import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLastPageGuard, useSellerTabParams } from './seller/listParams';
import { NotSellerPage } from './seller/NotSellerNotice';
import {
  SellerConsolePage,
  SellerListTabs,
  SellerLoadError,
  SellerPagedList,
  SellerSearchForm,
} from './seller/SellerConsolePage';
import type { SellerOrder, ShipmentPackage } from '@mall/contracts';
import { EmptyBlock } from '../../shared/EmptyBlock';
import { useMoney } from '../../shared/format';
import { SELLER_PAGE_SIZE, SELLER_TABS, useCancelDecision, useMerchantStatus, useSellerOrders } from './seller/api';
import { isNotSeller, useSellerError } from './seller/errors';
import { SellerOrderCard } from './seller/SellerOrderCard';
import { ShipModal } from './seller/ShipModal';
import { TrackingEventModal } from './seller/TrackingEventModal';

export function SellerOrdersPage() {
  const { t } = useTranslation();
  const apiError = useSellerError();
  const { status, keyword, pageNo, search, setSearch, go } = useSellerTabParams(SELLER_TABS, 'TO_SHIP');

  const merchant = useMerchantStatus();
  const orders = useSellerOrders({ status, keyword, pageNo });
  const [shipping, setShipping] = useState<SellerOrder | null>(null);
  const [eventFor, setEventFor] = useState<ShipmentPackage | null>(null);
  const [deciding, setDeciding] = useState<{ order: SellerOrder; approve: boolean } | null>(null);
  const decide = useCancelDecision();
  const money = useMoney();

  // Shipping empties pages: a page past the end moves to the last one that has orders.
  useLastPageGuard(orders, pageNo, SELLER_PAGE_SIZE);

  if (isNotSeller(orders.error)) return <NotSellerPage auditStatus={merchant.data?.auditStatus} />;

  const shops = merchant.data?.shops ?? [];

  const confirmDecision = () => {
    if (!deciding || decide.isPending) return;
    const { order, approve } = deciding;
    decide.mutate(
      { reverseId: order.cancelRequest!.id, approve },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: approve
              ? t('seller.cancel.approved', { code: order.tradeOrderCode })
              : t('seller.cancel.rejected', { code: order.tradeOrderCode }),
          });
          setDeciding(null);
        },
      },
    );
  };

  return (
    <SellerConsolePage
      titleId="seller-console-title"
      title={t('merchant.consoleTitle')}
      subtitle={t('seller.subtitle')}
      active="orders"
      aside={
        <Stack gap={4} aria-label={t('seller.shops')} data-testid="seller-shops">
          <Text size="xs" c="dimmed">
            {t('seller.shops')}
          </Text>
          {merchant.isLoading ? (
            <Skeleton h={22} w={180} />
          ) : shops.length ? (
            <Group gap="xs" role="list">
              {shops.map((s) => (
                <Badge
                  key={s.id}
                  role="listitem"
                  size="lg"
                  variant="light"
                  leftSection={<IconBuildingStore size={14} />}
                  style={{ textTransform: 'none' }}
                >
                  {s.name} · {t('seller.itemCount', { count: s.itemCount })}
                </Badge>
              ))}
            </Group>
          ) : (
            <Text size="sm">{t('merchant.noShops')}</Text>
          )}
        </Stack>
      }
    >
      <SellerListTabs
        tabs={SELLER_TABS}
        value={status}
        onChange={(v) => go({ status: v, pageNo: 1 })}
        label={t('seller.tabsLabel')}
        tabLabel={(s) => t(`seller.tab.${s}`)}
      >
        <Stack gap="md">
          <SellerSearchForm
            search={search}
            setSearch={setSearch}
            keyword={keyword}
            onSearch={(k) => go({ keyword: k, pageNo: 1 })}
            label={t('seller.search.label')}
            placeholder={t('seller.search.placeholder')}
            maxLength={100}
          />

          {orders.isError && !isNotSeller(orders.error) && (
            <SellerLoadError
              title={t('seller.loadFailed')}
              message={apiError(orders.error)}
              onRetry={() => void orders.refetch()}
            />
          )}

          <SellerPagedList
            list={orders}
            pageNo={pageNo}
            pageSize={SELLER_PAGE_SIZE}
            onPage={(n) => go({ pageNo: n })}
            totalText={(count) => t('seller.total', { count })}
            empty={<EmptyBlock title={keyword ? t('seller.empty.search', { keyword }) : t(`seller.empty.${status}`)} />}
            testId="seller-orders"
          >
            {(items) =>
              items.map((o) => (
                <SellerOrderCard
                  key={o.id}
                  order={o}
                  onShip={setShipping}
                  onAddEvent={setEventFor}
                  onDecide={(order, approve) => {
                    decide.reset();
                    setDeciding({ order, approve });
                  }}
                />
              ))
            }
          </SellerPagedList>
        </Stack>
      </SellerListTabs>

      <ShipModal order={shipping} onClose={() => setShipping(null)} />
      <TrackingEventModal pkg={eventFor} onClose={() => setEventFor(null)} />
      <Modal
        opened={!!deciding}
        onClose={() => !decide.isPending && setDeciding(null)}
        centered
        title={deciding?.approve ? t('seller.cancel.approveTitle') : t('seller.cancel.rejectTitle')}
      >
        {deciding && (
          <Stack>
            {decide.error && (
              <Alert color="red" role="alert">
                {apiError(decide.error)}
              </Alert>
            )}
            <Text size="sm">
              {deciding.approve
                ? t('seller.cancel.approveText', {
                    code: deciding.order.tradeOrderCode,
                    amount: money(deciding.order.needPayAmt),
                  })
                : t('seller.cancel.rejectText', { code: deciding.order.tradeOrderCode })}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDeciding(null)} disabled={decide.isPending}>
                {t('common.cancel')}
              </Button>
              <Button color={deciding.approve ? 'red' : 'blue'} loading={decide.isPending} onClick={confirmDecision}>
                {deciding.approve ? t('seller.cancel.approveConfirm') : t('seller.cancel.rejectConfirm')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </SellerConsolePage>
  );
}
