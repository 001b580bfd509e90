/**
 * /merchant-console/service-codes: the seller takes a buyer's service use code (code and
 * password as the buyer shows them) when the service is given. The server redeems it once (row
 * lock), for the seller's own orders only; a used, refunded, expired or unknown code is refused
 * with its message. The form checks its fields with the server's own schema.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Button, Container, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCircleCheck, IconTicket } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { RedeemServiceCodeBody, type RedeemedServiceCode } from '@mall/contracts';
import { api } from '../../../shared/api';
import { useMerchantStatus } from '../../merchant/seller/api';
import { useSellerError } from '../../merchant/seller/errors';
import { NotSellerNotice } from '../../merchant/seller/NotSellerNotice';
import { SellerConsoleNav } from '../../merchant/seller/SellerConsoleNav';

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

  if (merchant.data && !merchant.data.merchantState) {
    const audit = merchant.data.auditStatus === 'audit';
    return <NotSellerNotice inAudit={audit} text={audit ? t('seller.notSeller.audit') : t('seller.notSeller.text')} />;
  }

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
    <Container size="lg" py="md" px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="md">
        <Paper
          withBorder
          p={{ base: 'sm', sm: 'md' }}
          radius="md"
          component="header"
          aria-labelledby="seller-codes-title"
        >
          <Stack gap="sm">
            <Stack gap={4}>
              <Title order={1} size="h2" id="seller-codes-title">
                {t('seller.serviceCodes.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('seller.serviceCodes.subtitle')}
              </Text>
            </Stack>
            <SellerConsoleNav active="serviceCodes" />
          </Stack>
        </Paper>

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
      </Stack>
    </Container>
  );
}
