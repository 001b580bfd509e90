/**
 * /merchant-console/bulk-requests/:requestId: one order request to the seller's shop: the
 * buyer's lines, requirements and address, the thread with the buyer, and the quote form (an
 * exclusive unit price per line, shipping, validity date, a note), which revises the quote
 * while the buyer has not accepted it. The form uses the server's schema.
 */
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  BULK_QUOTE_NOTE_MAX,
  BULK_RETURN_DAYS_DEFAULT,
  BULK_RETURN_DAYS_MAX,
  BulkQuoteBody,
  type BulkRequestView,
} from '@mall/contracts';
import { ApiError } from '../../../shared/api';
import { EmptyBlock } from '../../../shared/EmptyBlock';
import { useMoney } from '../../../shared/format';
import { formatAddressLines } from '../../address/components/addressLines';
import { useCountryName } from '../../../shared/countries';
import { useSellerError } from '../../merchant/seller/errors';
import { SellerConsoleNav } from '../../merchant/seller/SellerConsoleNav';
import { useBulkRequest, useQuote } from '../api/bulk';
import { MessageThread } from '../components/MessageThread';
import { BulkStatusBadge, QuoteSummary, RequestLines } from '../components/parts';

export function SellerBulkRequestPage() {
  const { t } = useTranslation();
  const { requestId = '' } = useParams();
  const { data: view, isLoading, error } = useBulkRequest(requestId, true);
  const apiError = useSellerError();
  const { countryName } = useCountryName();
  if (error instanceof ApiError && error.status === 404)
    return (
      <Container size="md" py="xl">
        <EmptyBlock title={t('bulk.notFound')} />
      </Container>
    );
  if (isLoading)
    return (
      <Container size="md" py="xl">
        <Skeleton h={300} />
      </Container>
    );
  if (!view)
    return (
      <Container size="md" py="xl">
        <Alert color="red">{apiError(error)}</Alert>
      </Container>
    );
  const address = view.shippingAddress;
  return (
    <Container size="lg" py="md" px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="md">
        <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" component="header">
          <Stack gap="sm">
            <Anchor component={Link} to="/merchant-console/bulk-requests" size="sm">
              ← {t('bulk.seller.title')}
            </Anchor>
            <Group justify="space-between" wrap="wrap">
              <Title order={1} size="h2">
                {t('bulk.requestNo', { id: view.id })}
              </Title>
              <BulkStatusBadge status={view.status} />
            </Group>
            <SellerConsoleNav active="bulkRequests" />
          </Stack>
        </Paper>
        <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
          <Stack gap="sm">
            <Text size="sm">
              <b>{t('bulk.seller.buyer')}:</b> {view.buyerName} · {view.shop.name}
            </Text>
            {address && (
              <Text size="sm" data-testid="bulk-ship-to">
                <b>{t('bulk.shipTo')}:</b>{' '}
                {[address.personName, address.company, ...formatAddressLines(address, countryName)]
                  .filter(Boolean)
                  .join(', ')}
              </Text>
            )}
            {view.requirements && (
              <Alert variant="light" title={t('bulk.buyerRequirements')}>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {view.requirements}
                </Text>
              </Alert>
            )}
            <RequestLines view={view} />
            <QuoteSummary view={view} />
            {view.order && <Text size="sm">{t('bulk.seller.ordered', { code: view.order.tradeOrderCode })}</Text>}
          </Stack>
        </Paper>
        {(view.actions.includes('quote') || view.actions.includes('revise')) && <QuoteForm view={view} />}
        <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
          <Title order={2} size="h4" mb="sm">
            {t('bulk.messages')}
          </Title>
          <MessageThread view={view} seller />
        </Paper>
      </Stack>
    </Container>
  );
}

/** Minor units as the form shows them: "1234.50". */
const plain = (m: { value: string } | null | undefined) => (m ? m.value : '');

function QuoteForm({ view }: { view: BulkRequestView }) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const apiError = useSellerError();
  const quote = useQuote(view.id);
  const initial = useMemo(
    () => ({
      unitPrices: view.lines.map((l) => plain(l.quotedUnitPrice ?? l.listUnitPrice)),
      shipping: view.quote ? plain(view.quote.shippingAmt) : '0',
      validUntil: dayjs().add(7, 'day').format('YYYY-MM-DD'),
      note: view.quote?.note ?? '',
      returnDays: String(view.quote?.returnDays ?? BULK_RETURN_DAYS_DEFAULT),
    }),
    [view],
  );
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    setValues(initial);
  }, [view.quote?.version]); // eslint-disable-line react-hooks/exhaustive-deps
  const revising = view.actions.includes('revise');

  const submit = () => {
    const days = values.returnDays.trim();
    const body = {
      ...values,
      note: values.note.trim() || undefined,
      // Whole days; anything else fails the schema and is shown at the field.
      returnDays: days === '' ? undefined : /^\d+$/.test(days) ? Number(days) : -1,
    };
    const parsed = BulkQuoteBody.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
      return;
    }
    setErrors({});
    quote.mutate(parsed.data, {
      onSuccess: () =>
        notifications.show({ color: 'green', message: t(revising ? 'bulk.seller.revised' : 'bulk.seller.quoted') }),
      onError: (e) => notifications.show({ color: 'red', message: apiError(e) }),
    });
  };

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} data-testid="bulk-quote-form">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t(revising ? 'bulk.seller.reviseTitle' : 'bulk.seller.quoteTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('bulk.seller.quoteHint')}
          </Text>
          {view.lines.map((l, i) => (
            <TextInput
              key={`${l.skuId}-${i}`}
              inputMode="decimal"
              label={t('bulk.seller.unitPriceFor', { name: l.itemName, qty: l.qty })}
              description={t('bulk.listPrice', { price: fmt(l.listUnitPrice) })}
              value={values.unitPrices[i] ?? ''}
              error={errors[`unitPrices.${i}`]}
              data-testid={`quote-unit-${i}`}
              onChange={(e) => {
                const v = e.currentTarget.value;
                setValues((s) => ({ ...s, unitPrices: s.unitPrices.map((p, j) => (j === i ? v : p)) }));
              }}
            />
          ))}
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              inputMode="decimal"
              label={t('bulk.shipping')}
              value={values.shipping}
              error={errors.shipping}
              data-testid="quote-shipping"
              miw={180}
              onChange={(e) => {
                const v = e.currentTarget.value;
                setValues((s) => ({ ...s, shipping: v }));
              }}
            />
            <TextInput
              type="date"
              label={t('bulk.seller.validUntil')}
              value={values.validUntil}
              error={errors.validUntil}
              data-testid="quote-valid-until"
              miw={180}
              min={dayjs().format('YYYY-MM-DD')}
              onChange={(e) => {
                const v = e.currentTarget.value;
                setValues((s) => ({ ...s, validUntil: v }));
              }}
            />
          </Group>
          <TextInput
            inputMode="numeric"
            label={t('bulk.seller.returnDays')}
            description={t('bulk.seller.returnDaysHint')}
            value={values.returnDays}
            error={errors.returnDays && t('bulk.seller.returnDaysInvalid', { max: BULK_RETURN_DAYS_MAX })}
            data-testid="quote-return-days"
            maw={260}
            onChange={(e) => {
              const v = e.currentTarget.value;
              setValues((s) => ({ ...s, returnDays: v }));
            }}
          />
          <Textarea
            label={t('bulk.seller.note')}
            value={values.note}
            maxLength={BULK_QUOTE_NOTE_MAX}
            autosize
            minRows={2}
            error={errors.note}
            onChange={(e) => {
              const v = e.currentTarget.value;
              setValues((s) => ({ ...s, note: v }));
            }}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={quote.isPending} data-testid="quote-send">
              {t(revising ? 'bulk.seller.revise' : 'bulk.seller.sendQuote')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
