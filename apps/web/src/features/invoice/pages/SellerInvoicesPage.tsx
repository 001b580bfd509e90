/**
 * /merchant-console/invoices: the VAT invoice requests of the seller's orders, by status (to
 * issue, issued, credited, all). "Issue invoice" asks for a confirmation, then the server takes
 * the next number of the shop's sequence and draws the PDF; the invoice and the credit notes of
 * later refunds are listed with their PDFs.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Anchor, Badge, Button, Group, List, Modal, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileTypePdf } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { EmptyBlock } from '../../../shared/EmptyBlock';
import { useMoney } from '../../../shared/format';
import { usePhoneAfterMount } from '../../../shared/usePhoneAfterMount';
import { useMerchantStatus } from '../../merchant/seller/api';
import { isNotSeller, useSellerError } from '../../merchant/seller/errors';
import { NotSellerPage } from '../../merchant/seller/NotSellerNotice';
import { SellerConsolePage, SellerListTabs, SellerLoadError } from '../../merchant/seller/SellerConsolePage';
import { ShopTaxProfiles } from '../components/ShopTaxProfiles';
import { useIssueVatInvoice, useSellerInvoiceRequests, type SellerInvoiceRequest } from '../api/invoice';

const TABS = ['REQUESTED', 'ISSUED', 'CREDITED', 'ALL'] as const;
type Tab = (typeof TABS)[number];
const isTab = (v: string | null): v is Tab => (TABS as readonly string[]).includes(v ?? '');
const STATUS_COLOR = { REQUESTED: 'yellow', ISSUED: 'green', CREDITED: 'grape' } as const;

export function SellerInvoicesPage() {
  const { t } = useTranslation();
  const apiError = useSellerError();
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const tab: Tab = isTab(raw) ? raw : 'REQUESTED';
  const requests = useSellerInvoiceRequests(tab === 'ALL' ? undefined : tab);
  const merchant = useMerchantStatus();
  const [issuing, setIssuing] = useState<SellerInvoiceRequest | null>(null);

  if (isNotSeller(requests.error)) return <NotSellerPage auditStatus={merchant.data?.auditStatus} />;

  return (
    <SellerConsolePage
      titleId="seller-invoices-title"
      title={t('seller.invoices.title')}
      subtitle={t('seller.invoices.subtitle')}
      active="invoices"
    >
      {merchant.data && <ShopTaxProfiles shops={merchant.data.shops} />}

      <SellerListTabs
        tabs={TABS}
        value={tab}
        onChange={(v) => setParams(v === 'REQUESTED' ? {} : { status: v }, { replace: true })}
        label={t('seller.invoices.tabsLabel')}
        tabLabel={(s) => t(`seller.invoices.tab.${s}`)}
      >
        {requests.isError ? (
          <SellerLoadError
            title={t('seller.invoices.loadFailed')}
            message={apiError(requests.error)}
            onRetry={() => void requests.refetch()}
            retryLabel={t('seller.invoices.retry')}
          />
        ) : requests.isPending ? (
          <Stack gap="sm" role="status" aria-label={t('seller.invoices.loading')}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h={96} radius="md" />
            ))}
          </Stack>
        ) : !requests.data.length ? (
          <EmptyBlock title={t(`seller.invoices.empty.${tab}`)} />
        ) : (
          <Stack
            gap="sm"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            data-testid="seller-invoices"
            aria-busy={requests.isFetching}
          >
            {requests.data.map((r) => (
              <RequestCard key={r.orderId} request={r} onIssue={() => setIssuing(r)} />
            ))}
          </Stack>
        )}
      </SellerListTabs>
      <IssueDialog request={issuing} onClose={() => setIssuing(null)} />
    </SellerConsolePage>
  );
}

function RequestCard({ request: r, onIssue }: { request: SellerInvoiceRequest; onIssue: () => void }) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const titleId = `invoice-request-${r.orderId}`;
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      data-testid="seller-invoice"
      data-order-code={r.tradeOrderCode}
      aria-labelledby={titleId}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} id={titleId} ff="monospace" size="sm">
            {t('seller.invoices.order', { code: r.tradeOrderCode })}
          </Text>
          <Badge color={STATUS_COLOR[r.status]} variant="light" data-testid="seller-invoice-status">
            {t(`seller.invoices.status.${r.status}`)}
          </Badge>
        </Group>
        <Group gap="lg" wrap="wrap" align="flex-start">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('seller.invoices.company')}
            </Text>
            <Text size="sm">{r.companyName}</Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('seller.invoices.vatId')}
            </Text>
            <Text size="sm" ff="monospace">
              {r.vatId}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('seller.invoices.requestedAt')}
            </Text>
            <Text size="sm">{dayjs(r.requestedAt).format('YYYY-MM-DD')}</Text>
          </Stack>
        </Group>
        {r.documents.length > 0 && (
          <List
            spacing={4}
            listStyleType="none"
            aria-label={t('seller.invoices.documents')}
            data-testid="seller-invoice-documents"
          >
            {r.documents.map((d) => {
              const kind = t(`seller.invoices.kind.${d.kind}`);
              return (
                <List.Item key={d.id} data-kind={d.kind}>
                  <Group gap="xs" wrap="wrap">
                    <Anchor
                      href={d.downloadUrl}
                      target="_blank"
                      rel="noopener"
                      size="sm"
                      aria-label={t('seller.invoices.download', { kind, number: d.invoiceNumber })}
                    >
                      <Group gap={4} wrap="nowrap" component="span">
                        <IconFileTypePdf size={16} aria-hidden />
                        <span>
                          {kind} {d.invoiceNumber}
                        </span>
                      </Group>
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {[
                        fmt(d.grossAmt),
                        d.creditsInvoiceNumber
                          ? t('seller.invoices.credits', { number: d.creditsInvoiceNumber })
                          : null,
                        d.reverseCharge ? t('seller.invoices.reverseCharge') : null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  </Group>
                </List.Item>
              );
            })}
          </List>
        )}
        {r.status === 'REQUESTED' && (
          <Group justify="flex-end">
            <Button size="sm" onClick={onIssue} aria-label={t('seller.invoices.issueFor', { code: r.tradeOrderCode })}>
              {t('seller.invoices.issue')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function IssueDialog({ request, onClose }: { request: SellerInvoiceRequest | null; onClose: () => void }) {
  const { t } = useTranslation();
  const apiError = useSellerError();
  const mobile = usePhoneAfterMount();
  const issue = useIssueVatInvoice();
  const close = () => {
    if (issue.isPending) return;
    issue.reset();
    onClose();
  };
  const confirm = () => {
    if (!request || issue.isPending) return;
    issue.mutate(request.orderId, {
      onSuccess: (view) => {
        const number = view.documents.find((d) => d.kind === 'INVOICE')?.invoiceNumber ?? '';
        notifications.show({ color: 'green', message: t('seller.invoices.issued', { number }) });
        issue.reset();
        onClose();
      },
    });
  };
  return (
    <Modal
      opened={!!request}
      onClose={close}
      title={t('seller.invoices.confirmTitle')}
      centered
      fullScreen={mobile}
      closeButtonProps={{ 'aria-label': t('seller.invoices.close') }}
    >
      {request && (
        <Stack>
          {issue.error && (
            <Alert color="red" role="alert">
              {apiError(issue.error)}
            </Alert>
          )}
          <Text size="sm">
            {t('seller.invoices.confirmText', {
              code: request.tradeOrderCode,
              company: request.companyName,
              vatId: request.vatId,
            })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={issue.isPending}>
              {t('seller.invoices.cancel')}
            </Button>
            <Button loading={issue.isPending} onClick={confirm}>
              {t('seller.invoices.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
