/**
 * The order detail's VAT invoice (SPEC order detail "invoice status"): its status (not
 * requested, requested, issued, credited), who it is billed to, and its documents (the invoice
 * and the credit notes of later refunds) as PDF downloads. The buttons to ask for it, check it
 * and email it are the order's operations (OrderOperations), exactly as the server lists them;
 * while the shop has not issued it the buyer may correct the details here.
 */
import { lazy, Suspense, useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, List, Skeleton, Stack, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { InvoiceDocumentView, OrderDetail } from '@mall/contracts';
import { useMoney } from '../../../shared/format';
import { useVatInvoice } from '../api/invoice';

/** The form (with the contract's schema) loads when the buyer first opens it. */
const InvoiceRequestDialog = lazy(() =>
  import('./InvoiceRequestDialog').then((m) => ({ default: m.InvoiceRequestDialog })),
);

const STATUS_COLOR = { NOT_REQUESTED: 'gray', REQUESTED: 'yellow', ISSUED: 'green', CREDITED: 'grape' } as const;

/** Whether the detail shows the panel: a VAT invoice exists, or may be asked for. */
export const showsVatInvoice = (order: OrderDetail) => {
  const status = order.invoice?.vatInvoiceStatus;
  return !!status && (status !== 'NOT_REQUESTED' || order.operationList.includes('makeInvoice'));
};

export function VatInvoicePanel({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const status = order.invoice?.vatInvoiceStatus ?? 'NOT_REQUESTED';
  const asked = status !== 'NOT_REQUESTED';
  const view = useVatInvoice(order.id, asked);
  const [editing, setEditing] = useState(false);
  return (
    <Stack gap="xs" data-testid="vat-invoice" aria-live="polite">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={500} id={`vat-invoice-label-${order.id}`}>
          {t('orders.vatInvoice.label')}
        </Text>
        <Badge
          color={STATUS_COLOR[status]}
          variant="light"
          data-testid="vat-invoice-status"
          aria-describedby={`vat-invoice-label-${order.id}`}
        >
          {t(`orders.vatInvoice.status.${status}`)}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        {t(`orders.vatInvoice.statusHint.${status}`)}
      </Text>
      {asked &&
        (view.isPending ? (
          <Stack gap={4} aria-label={t('orders.vatInvoice.loading')} role="status">
            <Skeleton h={14} w="60%" />
            <Skeleton h={14} w="40%" />
          </Stack>
        ) : view.isError ? (
          <Alert color="red" role="alert" p="xs">
            <Group gap="xs" justify="space-between">
              <Text size="sm">{t('orders.vatInvoice.loadFailed')}</Text>
              <Button size="compact-sm" variant="default" onClick={() => void view.refetch()}>
                {t('orders.vatInvoice.retry')}
              </Button>
            </Group>
          </Alert>
        ) : (
          <>
            {view.data.request && (
              <Stack gap={2} data-testid="vat-invoice-request">
                <Text size="xs" c="dimmed">
                  {t('orders.vatInvoice.billedTo')}
                </Text>
                <Text size="sm" fw={500}>
                  {view.data.request.companyName}
                </Text>
                <Text size="sm" ff="monospace">
                  {view.data.request.vatId}
                </Text>
                <Text size="sm">
                  {[
                    view.data.request.billingAddress.addressLine1,
                    view.data.request.billingAddress.addressLine2,
                    [view.data.request.billingAddress.postalCode, view.data.request.billingAddress.city]
                      .filter(Boolean)
                      .join(' '),
                    view.data.request.billingAddress.state,
                    view.data.request.billingAddress.country,
                  ]
                    .filter(Boolean)
                    .join(', ')}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('orders.vatInvoice.requestedAt', {
                    date: dayjs(view.data.request.requestedAt).format('YYYY-MM-DD'),
                  })}
                </Text>
              </Stack>
            )}
            {status === 'REQUESTED' && (
              <Button size="compact-sm" variant="default" w="fit-content" onClick={() => setEditing(true)}>
                {t('orders.vatInvoice.edit')}
              </Button>
            )}
            {view.data.documents.length > 0 && <Documents documents={view.data.documents} />}
          </>
        ))}
      {editing && view.data && (
        <Suspense fallback={null}>
          <InvoiceRequestDialog
            orderId={order.id}
            opened={editing}
            onClose={() => setEditing(false)}
            current={view.data.request}
          />
        </Suspense>
      )}
    </Stack>
  );
}

function Documents({ documents }: { documents: InvoiceDocumentView[] }) {
  const { t } = useTranslation();
  const fmt = useMoney();
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" id="vat-invoice-documents">
        {t('orders.vatInvoice.documents')}
      </Text>
      <List
        spacing={6}
        listStyleType="none"
        aria-labelledby="vat-invoice-documents"
        data-testid="vat-invoice-documents"
      >
        {documents.map((d) => {
          const kind = t(`orders.vatInvoice.kind.${d.kind}`);
          return (
            <List.Item key={d.id} data-testid="vat-invoice-document" data-kind={d.kind}>
              <Stack gap={0}>
                <Anchor
                  href={d.downloadUrl}
                  target="_blank"
                  rel="noopener"
                  size="sm"
                  aria-label={t('orders.vatInvoice.download', { kind, number: d.invoiceNumber })}
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
                    dayjs(d.issuedAt).format('YYYY-MM-DD'),
                    t('orders.vatInvoice.gross', { amount: fmt(d.grossAmt) }),
                    t('orders.vatInvoice.tax', { amount: fmt(d.taxAmt) }),
                    d.creditsInvoiceNumber ? t('orders.vatInvoice.credits', { number: d.creditsInvoiceNumber }) : null,
                    d.reverseCharge ? t('orders.vatInvoice.reverseCharge') : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Stack>
            </List.Item>
          );
        })}
      </List>
    </Stack>
  );
}
