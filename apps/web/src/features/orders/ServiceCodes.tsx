/**
 * Use information of service lines (SPEC §2 "use info for service items", §4 checkVerifyCode):
 * remaining uses and validity per line, and the codes. The order read carries them masked; the
 * buyer's "Check verify code" (offered exactly when the order's operations have checkVerifyCode)
 * reads the codes and passwords from the server.
 */
import { Alert, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { OrderDetail, OrderLine, ServiceCoupon, VerifyCodes } from '@mall/contracts';
import { api } from '../../shared/api';
import { errorMessage } from '../../shared/errors';
import { ordersKey } from './api';
import { DATE_TIME } from './labels';

export const verifyCodesKey = (orderId: string) => [...ordersKey, 'verify-codes', orderId] as const;

/** 12 characters read more easily in groups of four. */
const grouped = (code: string) => code.replace(/(.{4})(?=.)/g, '$1 ');

const STATUS_COLOR: Record<ServiceCoupon['usedStatus'], string> = {
  NOT_USED: 'green',
  USED: 'gray',
  REFUNDED: 'orange',
};

export function ServiceCodes({
  order,
  lines,
  readOnly,
  reveal,
  onReveal,
  onHide,
}: {
  order: OrderDetail;
  lines: OrderLine[];
  readOnly: boolean;
  reveal: boolean;
  onReveal: () => void;
  onHide: () => void;
}) {
  const { t } = useTranslation();
  const allowed = !readOnly && order.operationList.includes('checkVerifyCode');
  const q = useQuery({
    queryKey: verifyCodesKey(order.id),
    enabled: reveal && allowed,
    staleTime: 0,
    queryFn: ({ signal }) =>
      api<VerifyCodes>(`/api/orders/${order.id}/verify-codes`, { method: 'POST', body: {}, signal }),
  });
  const shown = reveal && allowed ? q.data : undefined;
  return (
    <Stack gap="md">
      {lines.map((l) => {
        const full = shown?.lines.find((x) => x.tradeOrderLineId === l.id)?.tradeOrderLineCouponsBOList;
        const codes = full ?? l.tradeOrderLineCouponsBOList;
        return (
          <Stack key={l.id} gap={6} data-testid="service-line">
            <Text size="sm" fw={500}>
              {l.sku.item.itemName}
            </Text>
            <Group gap="lg">
              {l.serviceRemainingTimes !== null && (
                <Text size="sm" data-testid="remaining-times">
                  {t('orders.use.remaining', { count: l.serviceRemainingTimes })}
                </Text>
              )}
              {l.expirationTime && (
                <Text size="sm" c="dimmed">
                  {t('orders.use.expires', { date: dayjs(l.expirationTime).format(DATE_TIME) })}
                </Text>
              )}
            </Group>
            {codes.length > 0 && (
              <Table.ScrollContainer minWidth={300}>
                <Table
                  striped
                  withTableBorder
                  data-testid="service-codes"
                  aria-label={t('orders.use.codesOf', { item: l.sku.item.itemName })}
                >
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('orders.use.code')}</Table.Th>
                      <Table.Th>{t('orders.use.password')}</Table.Th>
                      <Table.Th>{t('orders.use.status')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {codes.map((c, i) => (
                      <Table.Tr key={`${l.id}-${i}`} data-testid="service-code" data-status={c.usedStatus}>
                        <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }} data-testid="code">
                          {full ? grouped(c.couponCode) : c.couponCode}
                        </Table.Td>
                        <Table.Td ff="monospace" data-testid="password">
                          {full ? c.couponsPassword : '••••••'}
                        </Table.Td>
                        <Table.Td>
                          <Badge size="sm" variant="light" color={STATUS_COLOR[c.usedStatus]}>
                            {t(`orders.use.${c.usedStatus}`)}
                          </Badge>
                          {c.usedTime && (
                            <Text size="xs" c="dimmed" mt={2}>
                              {dayjs(c.usedTime).format(DATE_TIME)}
                            </Text>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Stack>
        );
      })}
      {allowed && (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {t('orders.use.hint')}
          </Text>
          <Group>
            {shown ? (
              <Button variant="default" size="compact-sm" onClick={onHide}>
                {t('orders.use.hideCodes')}
              </Button>
            ) : (
              <Button
                variant="light"
                size="compact-sm"
                onClick={onReveal}
                loading={reveal && q.isFetching}
                data-testid="check-verify-code"
              >
                {t('orders.use.check')}
              </Button>
            )}
          </Group>
          {reveal && q.error && (
            <Alert color="red" role="alert">
              {errorMessage(t, q.error)}
            </Alert>
          )}
        </Stack>
      )}
    </Stack>
  );
}
