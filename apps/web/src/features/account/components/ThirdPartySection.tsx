/**
 * Account security, "Third-party accounts": each configured provider with its bound/unbound
 * state. "Bind" goes through the provider and comes back here; "Unbind" asks first, and the
 * server refuses to unbind the only way to sign in (Account.lastSignInMethod).
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { OIDC_ERROR_PARAM } from '@mall/contracts/constants';
import type { BoundThirdAccount } from '@mall/contracts';
import { ConfirmDialog } from '../../../shared/ConfirmDialog';
import { LoadError } from '../../../shared/States';
import { errorMessage } from '../../../shared/errors';
import { oidcStartUrl, useThirdAccounts, useUnbindThirdAccount } from '../api/thirdAccounts';

const BIND_TARGET = '/buyer/account-security';

export function ThirdPartySection() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const list = useThirdAccounts();
  const unbind = useUnbindThirdAccount();
  const [asking, setAsking] = useState<BoundThirdAccount | null>(null);
  const returnedError = params.get(OIDC_ERROR_PARAM);

  const dismissError = () =>
    setParams(
      (p) => {
        p.delete(OIDC_ERROR_PARAM);
        return p;
      },
      { replace: true },
    );
  const confirmUnbind = () => {
    if (!asking || unbind.isPending) return;
    const label = asking.label;
    unbind.mutate(
      { accountType: asking.accountType },
      {
        onSuccess: () => {
          setAsking(null);
          notifications.show({ color: 'green', message: t('oidc.unbound', { label }) });
        },
      },
    );
  };

  const rows = list.data
    ? [
        ...list.data.bound.map((b) => ({ name: b.accountType, label: b.label, bound: b })),
        ...list.data.available.map((p) => ({ name: p.name, label: p.label, bound: null })),
      ]
    : [];
  const onlyWay = list.data ? !list.data.hasPassword && list.data.bound.length === 1 : false;

  return (
    <Stack gap="sm" component="section" aria-labelledby="third-party-title" data-testid="third-party-section">
      <Title order={2} size="h4" id="third-party-title">
        {t('oidc.title')}
      </Title>
      {returnedError && (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          closeButtonLabel={t('common.close', { defaultValue: 'Close' })}
          onClose={dismissError}
        >
          {t(`errors.${returnedError}`, { defaultValue: t('errors.Common.internal') })}
        </Alert>
      )}
      {list.isPending && (
        <Stack gap="xs" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton h={56} />
          <Skeleton h={56} />
        </Stack>
      )}
      {list.isError && <LoadError error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && rows.length === 0 && <Text c="dimmed">{t('oidc.none')}</Text>}
      {rows.map((row) => (
        <Card key={row.name} withBorder padding="sm" data-testid={`third-party-${row.name}`}>
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
              <Group gap="xs">
                <Text fw={600}>{row.label}</Text>
                <Badge color={row.bound ? 'green' : 'gray'} variant="light">
                  {row.bound ? t('oidc.bound') : t('oidc.notBound')}
                </Badge>
              </Group>
              {row.bound && (
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {t('oidc.boundAs', {
                    who: row.bound.email ?? row.bound.displayName ?? row.label,
                    date: dayjs(row.bound.boundAt).format('YYYY-MM-DD'),
                  })}
                </Text>
              )}
            </Stack>
            {row.bound ? (
              <Button
                variant="default"
                color="red"
                onClick={() => {
                  unbind.reset();
                  setAsking(row.bound);
                }}
                aria-label={t('oidc.unbindLabel', { label: row.label })}
              >
                {t('oidc.unbind')}
              </Button>
            ) : (
              <Button
                component="a"
                href={oidcStartUrl(row.name, { mode: 'bind', target: BIND_TARGET })}
                aria-label={t('oidc.bindLabel', { label: row.label })}
              >
                {t('oidc.bind')}
              </Button>
            )}
          </Group>
        </Card>
      ))}
      {onlyWay && (
        <Text size="sm" c="dimmed">
          {t('oidc.lastWay')}
        </Text>
      )}
      <ConfirmDialog
        opened={asking !== null}
        onClose={() => setAsking(null)}
        danger
        busy={unbind.isPending}
        title={t('oidc.unbindTitle', { label: asking?.label ?? '' })}
        confirmLabel={t('oidc.unbind')}
        onConfirm={confirmUnbind}
      >
        <Text>{t('oidc.unbindBody', { label: asking?.label ?? '' })}</Text>
        {unbind.error && (
          <Alert color="red" role="alert">
            {errorMessage(t, unbind.error)}
          </Alert>
        )}
      </ConfirmDialog>
    </Stack>
  );
}
