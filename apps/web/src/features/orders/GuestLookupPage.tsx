/**
 * /order-lookup: a guest finds an order by its number plus the email given at checkout (never
 * the number alone) and sees it read-only with its shipments.
 */
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Alert, Anchor, Button, Container, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { lazySchemas, lazyZodValidate } from '../../shared/zodForm';
import { isOrderNotFound, useGuestLookup } from './api';
import { orderError } from './parts';
import { PartLoading } from '../../shared/PartLoading';

// The found order (the detail view and its shipments) loads once there is one to show.
const GuestLookupResult = lazy(() => import('./GuestLookupResult').then((m) => ({ default: m.GuestLookupResult })));

// The server's schema (and zod) arrive when the guest starts filling in the form; submit waits for it.
const lookupSchemas = lazySchemas(() => import('./formSchemas'));

export function GuestLookupPage() {
  const { t } = useTranslation();
  const lookup = useGuestLookup();
  // The pay-result page links here with the order number (and the checkout email in the navigation state).
  const [params] = useSearchParams();
  const carried = (useLocation().state ?? {}) as { email?: unknown };
  const form = useForm({
    initialValues: {
      tradeOrderCode: params.get('tradeOrderCode')?.slice(0, 40) ?? '',
      email: typeof carried.email === 'string' ? carried.email : '',
    },
    validate: lazyZodValidate(lookupSchemas, (s) => s.GuestLookupBody, t),
  });
  const result = lookup.data;
  const run = (v: typeof form.values) => {
    if (!lookup.isPending)
      lookup.mutate({ tradeOrderCode: v.tradeOrderCode.trim(), email: v.email.trim().toLowerCase() });
  };
  // Both filled in by the link: look the order up at once.
  const autoRan = useRef(false);
  useEffect(() => {
    if (autoRan.current || !form.values.tradeOrderCode || !form.values.email) return;
    autoRan.current = true;
    void Promise.resolve(form.validate()).then((r) => {
      if (!r.hasErrors) run(form.values);
    });
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Paper
          withBorder
          p="lg"
          maw={520}
          w="100%"
          mx="auto"
          component="form"
          noValidate
          aria-labelledby="lookup-title"
          onFocus={lookupSchemas.preload}
          onSubmit={form.onSubmit(run)}
        >
          <Stack>
            <Title order={1} size="h2" id="lookup-title">
              {t('orders.lookup.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('orders.lookup.text')}
            </Text>
            {lookup.error && (
              <Alert color="red" role="alert" data-testid="lookup-error">
                {isOrderNotFound(lookup.error) ? t('orders.lookup.notFound') : orderError(t, lookup.error)}
              </Alert>
            )}
            <TextInput
              label={t('orders.lookup.number')}
              required
              autoComplete="off"
              maxLength={40}
              {...form.getInputProps('tradeOrderCode')}
            />
            <TextInput
              label={t('orders.lookup.email')}
              type="email"
              required
              autoComplete="email"
              maxLength={255}
              {...form.getInputProps('email')}
            />
            <Button type="submit" loading={lookup.isPending}>
              {t('orders.lookup.submit')}
            </Button>
            <Group justify="space-between">
              <Anchor component={Link} to={`/login?target=${encodeURIComponent('/buyer/orders')}`} size="sm">
                {t('orders.lookup.login')}
              </Anchor>
            </Group>
          </Stack>
        </Paper>

        {result && (
          <div aria-live="polite">
            <Suspense fallback={<PartLoading />}>
              <GuestLookupResult result={result} />
            </Suspense>
          </div>
        )}
      </Stack>
    </Container>
  );
}
