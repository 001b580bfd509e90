import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { Alert, Button, Container, Paper, Stack, Stepper, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MerchantApplyBody } from '@mall/contracts';
import type { z } from 'zod';
import type { MerchantStatus } from '@mall/contracts';
import { api } from '../../shared/api';
import { sessionKey } from '../../shared/session';
import { zodValidate } from '../../shared/zodForm';
import { errorMessage } from '../../shared/errors';
import { merchantStatusKey as statusKey, useMerchantStatus } from './seller/api';
import { PageLoading } from '../../shared/PageLoading';

type Status = z.infer<typeof MerchantStatus>;

/** The enter step bar (SPEC §2): write info, waiting for review result, review result. */
function EnterSteps({ active, rejected }: { active: number; rejected?: boolean }) {
  const { t } = useTranslation();
  return (
    <Stepper active={active} size="sm" my="md">
      <Stepper.Step label={t('merchant.step.write')} />
      <Stepper.Step label={t('merchant.step.waiting')} />
      <Stepper.Step label={t('merchant.step.result')} color={rejected ? 'red' : undefined} />
    </Stepper>
  );
}

/** The operator's rejection, shown at the 'review result' step. */
function RejectedResult({ status }: { status: Status }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" mb="md" title={t('merchant.rejectedTitle')} role="status" data-testid="review-result">
      {status.application?.rejectReason && (
        <Text size="sm">{t('merchant.rejectReason', { reason: status.application.rejectReason })}</Text>
      )}
      <Text size="sm">{t('merchant.applyAgain')}</Text>
    </Alert>
  );
}

export function MerchantApplyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { data, isLoading } = useMerchantStatus();
  // A rejected applicant corrects its last application rather than typing it again.
  const form = useForm({
    initialValues: { shopName: '', contactName: '', phone: '' },
    validate: zodValidate(MerchantApplyBody, t),
  });
  const [prefilled, setPrefilled] = useState(false);
  useEffect(() => {
    if (!prefilled && data?.auditStatus === 'reject' && data.application) {
      form.setValues({ shopName: data.application.shopName, contactName: data.application.contactName });
      setPrefilled(true);
    }
  }, [data, prefilled, form]);
  const apply = useMutation({
    mutationFn: (body: MerchantApplyBody) => api<Status>('/api/merchant/apply', { body }),
    onSuccess: (s) => {
      qc.setQueryData(statusKey, s);
      void qc.invalidateQueries({ queryKey: sessionKey });
      void navigate('/merchant/audit');
    },
  });
  if (isLoading) return <PageLoading />;
  if (data?.auditStatus === 'pass') return <Navigate to="/merchant-console/orders" replace />;
  return (
    <Container size="sm" py="md">
      <Title order={1} size="h2">
        {t('merchant.applyTitle')}
      </Title>
      {data?.auditStatus === 'reject' ? (
        <>
          <EnterSteps active={2} rejected />
          <RejectedResult status={data} />
        </>
      ) : (
        <EnterSteps active={0} />
      )}
      <Paper
        withBorder
        p="lg"
        component="form"
        noValidate
        onSubmit={form.onSubmit((v) => {
          if (!apply.isPending) apply.mutate(v);
        })}
      >
        <Stack>
          {apply.error && (
            <Alert color="red" role="alert">
              {errorMessage(t, apply.error)}
            </Alert>
          )}
          <TextInput label={t('merchant.shopName')} required {...form.getInputProps('shopName')} />
          <TextInput label={t('merchant.contactName')} required {...form.getInputProps('contactName')} />
          <TextInput label={t('merchant.phone')} type="tel" required {...form.getInputProps('phone')} />
          <Button type="submit" loading={apply.isPending}>
            {t('merchant.submit')}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}

export function MerchantAuditPage() {
  const { t } = useTranslation();
  const { data, isLoading } = useMerchantStatus();
  if (isLoading) return <PageLoading />;
  if (!data?.application) return <Navigate to="/merchant/apply" replace />;
  return (
    <Container size="sm" py="md">
      <Title order={1} size="h2">
        {t('merchant.auditTitle')}
      </Title>
      <EnterSteps active={data.auditStatus === 'audit' ? 1 : 3} rejected={data.auditStatus === 'reject'} />
      {data.auditStatus === 'audit' && (
        <Alert color="blue">{t('merchant.waiting', { shop: data.application.shopName })}</Alert>
      )}
      {data.auditStatus === 'reject' && (
        <>
          <RejectedResult status={data} />
          <Button component={Link} to="/merchant/apply">
            {t('merchant.applyTitle')}
          </Button>
        </>
      )}
      {data.auditStatus === 'pass' && (
        <Alert color="green" title={t('merchant.passedTitle')} data-testid="review-result">
          <Text size="sm" mb="sm">
            {t('merchant.passed', { shop: data.application.shopName })}
          </Text>
          <Button component={Link} to="/merchant-console/orders">
            {t('merchant.openBackend')}
          </Button>
        </Alert>
      )}
    </Container>
  );
}
