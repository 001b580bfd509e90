/**
 * /merchant-console/service-codes: the seller takes a buyer's service use code (code and
 * password as the buyer shows them) when the service is given. The server redeems it once (row
 * lock), for the seller's own orders only; a used, refunded, expired or unknown code is refused
 * with its message. The form checks its fields with the server's own schema.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCircleCheck, IconTicket } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { RedeemServiceCodeBody, type RedeemedServiceCode } from '@mall/contracts';
import { api } from '../../../shared/api';
import { useMerchantStatus } from '../../merchant/seller/api';
import { useSellerError } from '../../merchant/seller/errors';
import { NotSellerPage } from '../../merchant/seller/NotSellerNotice';
import { SellerConsolePage } from '../../merchant/seller/SellerConsolePage';

/** The typed code and password in the same letters as the buyer's screen shows them. */
const MONO = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

const redeem = (body: { couponCode: string; couponsPassword: string }) =>
  api<RedeemedServiceCode>('/api/merchant/service-codes/redeem', { body });

export function SellerServiceCodesPage() {
  const { t } = useTranslation();
  const apiError = useSellerError();
  const merchant = useMerchantStatus();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ code?: string; password?: string }>({});
  const m = useMutation({ mutationFn: redeem });

  if (merchant.data && !merchant.data.merchantState) return <NotSellerPage auditStatus={merchant.data.auditStatus} />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (m.isPending) return;
    const parsed = RedeemServiceCodeBody.safeParse({ couponCode: code, couponsPassword: password });
    if (!parsed.success) {
      const wrong = new Set(parsed.error.issues.map((i) => i.path[0]));
      setErrors({
        code: wrong.has('couponCode') ? t('seller.serviceCodes.codeFormat') : undefined,
        password: wrong.has('couponsPassword') ? t('seller.serviceCodes.passwordFormat') : undefined,
      });
      return;
    }
    setErrors({});
    m.mutate(parsed.data, {
      onSuccess: () => {
        setCode('');
        setPassword('');
      },
    });
  };

  return (
    <SellerConsolePage
      titleId="seller-codes-title"
      title={t('seller.serviceCodes.title')}
      subtitle={t('seller.serviceCodes.subtitle')}
      active="serviceCodes"
    >
      <Paper
        withBorder
        p={{ base: 'sm', sm: 'md' }}
        radius="md"
        component="section"
        aria-labelledby="redeem-title"
        maw={560}
      >
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Title order={2} size="h4" id="redeem-title">
              {t('seller.serviceCodes.redeemTitle')}
            </Title>
            <TextInput
              label={t('seller.serviceCodes.code')}
              placeholder="XXXX XXXX XXXX"
              value={code}
              autoComplete="off"
              spellCheck={false}
              styles={MONO}
              onChange={(e) => setCode(e.currentTarget.value)}
              error={errors.code}
              maxLength={24}
              leftSection={<IconTicket size={16} />}
            />
            <TextInput
              label={t('seller.serviceCodes.password')}
              value={password}
              autoComplete="off"
              inputMode="numeric"
              styles={MONO}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={errors.password}
              maxLength={6}
            />
            <Group>
              <Button type="submit" loading={m.isPending}>
                {t('seller.serviceCodes.redeem')}
              </Button>
            </Group>
            {m.error && (
              <Alert color="red" role="alert" title={t('seller.serviceCodes.refused')}>
                {apiError(m.error)}
              </Alert>
            )}
            {m.data && !m.error && (
              <Alert
                color="green"
                role="status"
                icon={<IconCircleCheck size={18} />}
                title={t('seller.serviceCodes.redeemed')}
                data-testid="redeemed"
              >
                <Stack gap={2}>
                  <Text size="sm">
                    {m.data.itemName} ·{' '}
                    <Text span ff="monospace">
                      {m.data.couponCode}
                    </Text>
                  </Text>
                  <Text size="sm">
                    {t('seller.serviceCodes.usedAt', { date: dayjs(m.data.usedTime).format('YYYY-MM-DD HH:mm') })}
                  </Text>
                  <Text size="sm">{t('seller.serviceCodes.remaining', { count: m.data.serviceRemainingTimes })}</Text>
                  <Anchor
                    component={Link}
                    to={`/merchant-console/orders?keyword=${encodeURIComponent(m.data.tradeOrderCode)}`}
                    size="sm"
                    c="green.9"
                    underline="always"
                  >
                    {t('seller.serviceCodes.order', { code: m.data.tradeOrderCode })}
                  </Anchor>
                </Stack>
              </Alert>
            )}
          </Stack>
        </form>
      </Paper>
    </SellerConsolePage>
  );
}
