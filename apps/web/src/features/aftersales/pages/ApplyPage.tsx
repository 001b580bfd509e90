/**
 * /buyer/as-apply?tradeOrderId=&tradeOrderLineId=a,b&asType= (SPEC §2 After-sales, §4, §5): the
 * after-sales application. The server renders what may be applied for; the amount is rendered
 * again whenever the type or the chosen lines and quantities change. Rules: only lines with a
 * cancelable or reversible quantity; gifts under their main line; lines already in an
 * after-sales checked and disabled; cancel before delivery takes every listed line with fixed
 * quantities and the server's refund; refund 0..available with two decimals (none for an
 * exchange); a reason; notes up to 500; up to 6 images; a replacement SKU per exchanged line.
 * On success: 'Submitted successfully' and back to the order.
 */
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  List,
  NativeSelect,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AFTER_SALES, APPLY_TYPES, MAX_LEN } from '@mall/contracts/constants';
import type { ApplyLineView, ApplyType, ReverseReason } from '@mall/contracts';
import { AmountInput } from '../../../shared/AmountInput';
import { EmptyBlock } from '../../../shared/EmptyBlock';
import { useMoney } from '../../../shared/format';
import { QuantityStepper } from '../../../shared/QuantityStepper';
import { useSite } from '../../../shared/session';
import phone from '../../../shared/phoneLayout.module.css';
import { useInitiateReverse } from '../api/initiate';
import { isId } from '../api/keys';
import { parseEnum } from '../../../shared/urlParams';
import { lazySchemas, useSchemasOnInteraction } from '../../../shared/zodForm';
import { useRenderApply } from '../api/renderApply';
import { ApplyLineItem } from '../components/ApplyLineItem';
import { EvidenceUpload } from '../components/EvidenceUpload';
import { ExchangeSkuPicker } from '../components/ExchangeSkuPicker';
import {
  aftersalesError,
  APPLY_TYPE_ORDER,
  currencyDecimals,
  hasQty,
  isListedGroup,
  lineMax,
  lineRule,
  reasonKey,
  typeKey,
} from '../components/labels';
import { LoadError, PageSkeleton } from '../components/States';
import { Section } from '../../../shared/Section';

/** One Idempotency-Key per visit of the form (randomUUID needs a secure context; random bytes otherwise). */
const newKey = (): string =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b: number) => b.toString(16).padStart(2, '0')).join('');

export function ApplyPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const orderId = params.get('tradeOrderId') ?? '';
  const lineIds = (params.get('tradeOrderLineId') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(isId);
  const parsedType = parseEnum<ApplyType>(APPLY_TYPES, params.get('asType'));
  if (!isId(orderId)) {
    return (
      <EmptyBlock title={t('aftersales.apply.noOrder')}>
        <Anchor component={Link} to="/buyer/orders">
          {t('buyer.menu.orders')}
        </Anchor>
      </EmptyBlock>
    );
  }
  return (
    <ApplyForm
      key={orderId}
      orderId={orderId}
      initialLines={lineIds}
      initialType={parsedType.success ? parsedType.data : null}
    />
  );
}

// The server's schema (and zod) arrive on the buyer's first interaction; a submit before that waits for it.
const applySchemas = lazySchemas(() => import('../formSchemas'));

const pad = (n: number) => String(n).padStart(2, '0');
/** 'YYYY-MM-DD HH:mm' in local time (orders/labels' DATE_TIME) without dayjs, which this page needs nowhere else. */
function dateTime(iso: string) {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

type Selection = Record<string, { qty: string; skuId: string | null }>;
type FieldErrors = Partial<Record<'lines' | 'amount' | 'reason' | 'notes' | 'images', string>> &
  Record<`sku:${string}`, string>;

function ApplyForm({
  orderId,
  initialLines,
  initialType,
}: {
  orderId: string;
  initialLines: string[];
  initialType: ApplyType | null;
}) {
  const { t } = useTranslation();
  useSchemasOnInteraction(applySchemas);
  const navigate = useNavigate();
  const fmt = useMoney();
  const site = useSite();
  const [idempotencyKey] = useState(newKey);
  const [type, setType] = useState<ApplyType | null>(initialType);
  const base = useRenderApply({ tradeOrderId: orderId, type });
  const types = useMemo(
    () => APPLY_TYPE_ORDER.filter((x) => base.data?.availableReverseTypes.includes(x)),
    [base.data],
  );
  // The answer for the type on screen (the previous type's answer stays visible while the next one loads).
  const ready = !!base.data && !base.isPlaceholderData && !!type;

  const [sel, setSel] = useState<Selection>({});
  const [initFor, setInitFor] = useState<ApplyType | null>(null);
  const [amount, setAmount] = useState<string>('');
  const [amountTouched, setAmountTouched] = useState(false);
  const [reason, setReason] = useState<ReverseReason | null>(null);
  const [notes, setNotes] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const initiate = useInitiateReverse();

  const cancel = type === 'SALE_CANCEL_BEFORE_DELIVERY';
  const exchange = type === 'SALE_EXCHANGE';
  const lines = (ready ? base.data.reverseTradeOrderLineList : [])
    .filter(isListedGroup)
    .filter((l) => l.inAfterSales || hasQty(lineMax(l, type)));
  const free = lines.filter((l) => !l.inAfterSales);

  // No type in the URL (or one not offered): the first type the order offers.
  useEffect(() => {
    if (!base.data || base.isPlaceholderData || !types.length) return;
    if (!type || !types.includes(type)) setType(types[0]!);
  }, [base.data, base.isPlaceholderData, types, type]);

  // Choose the lines once per type: cancel before delivery takes every listed line in full; the
  // first type takes the lines of the URL; a later type keeps what still fits.
  useEffect(() => {
    if (!ready || initFor === type) return;
    const next: Selection = {};
    for (const l of free) {
      const max = lineMax(l, type);
      const rule = lineRule(max, l.isWeight);
      if (cancel) next[l.id] = { qty: max, skuId: null };
      else if (initFor === null ? initialLines.includes(l.id) : !!sel[l.id]) {
        const prev = sel[l.id]?.qty;
        next[l.id] = { qty: prev && Number(prev) <= Number(max) ? prev : rule.max, skuId: sel[l.id]?.skuId ?? null };
      }
    }
    setSel(next);
    setInitFor(type);
    setErrors({});
    if (reason && !base.data.availableReverseReasons.includes(reason)) setReason(null);
  }, [ready, type]); // eslint-disable-line react-hooks/exhaustive-deps

  // The refundable amount of the chosen lines and quantities (asked again after each change).
  const chosen = free.filter((l) => sel[l.id]);
  const chosenKey = JSON.stringify(chosen.map((l) => ({ id: l.id, qty: sel[l.id]!.qty })));
  const [debouncedKey] = useDebouncedValue(chosenKey, 300);
  const debouncedLines = JSON.parse(debouncedKey) as { id: string; qty: string }[];
  const amountQuery = useRenderApply(
    { tradeOrderId: orderId, type, lines: debouncedLines },
    ready && initFor === type && debouncedLines.length > 0 && !exchange,
  );
  const available =
    debouncedLines.length > 0 && amountQuery.data && !amountQuery.isPlaceholderData
      ? amountQuery.data.availableRefundAmt
      : null;
  const currency = base.data?.availableRefundAmt.currency ?? site.currency;
  const decimals = currencyDecimals(currency);

  useEffect(() => {
    if (!available) return;
    // Prefilled with the most that may be refunded until the buyer types an amount; a typed amount is never changed behind their back.
    if (cancel || !amountTouched) setAmount(available.value);
  }, [available?.value, cancel]); // eslint-disable-line react-hooks/exhaustive-deps

  const setLine = (id: string, patch: Partial<{ qty: string; skuId: string | null }> | null, line?: ApplyLineView) => {
    setErrors((e) => ({ ...e, lines: undefined, [`sku:${id}`]: undefined }));
    setSel((s) => {
      if (patch === null) {
        const { [id]: _, ...rest } = s;
        return rest;
      }
      const cur = s[id] ?? { qty: line ? lineRule(lineMax(line, type), line.isWeight).max : '1', skuId: null };
      return { ...s, [id]: { ...cur, ...patch } };
    });
  };

  const submit = () => {
    if (!type || initiate.isPending) return;
    const schemas = applySchemas.current();
    if (!schemas) {
      applySchemas.load().then(submit, () => {});
      return;
    }
    setSubmitError(null);
    const errs: FieldErrors = {};
    if (!chosen.length) errs.lines = t('aftersales.apply.selectOne');
    if (exchange)
      for (const l of chosen) if (!sel[l.id]!.skuId) errs[`sku:${l.id}`] = t('aftersales.exchange.required');
    const amountText = amount === '' ? '' : Number(amount).toFixed(decimals);
    const request = {
      tradeOrder: { id: orderId },
      reverseTradeOrderLineList: chosen.map((l) => ({
        tradeOrderLine: { id: l.id },
        reverseQty: sel[l.id]!.qty,
        ...(exchange && sel[l.id]!.skuId ? { derivativeSku: { id: sel[l.id]!.skuId! } } : {}),
      })),
      ...(exchange ? {} : { applyRefundAmt: cancel && available ? available.value : amountText }),
      reverseReason: reason ?? '',
      ...(notes.trim() ? { reverseText: notes.trim() } : {}),
      ...(images.length ? { attachmentList: images } : {}),
    };
    const parsed = schemas.ApplyRequest.safeParse(request);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'applyRefundAmt') errs.amount ??= t('aftersales.apply.amountRequired');
        else if (field === 'reverseReason') errs.reason ??= t('aftersales.apply.reasonRequired');
        else if (field === 'reverseText')
          errs.notes ??= t('aftersales.apply.notesTooLong', { max: MAX_LEN.afterSalesNotes });
        else if (field === 'attachmentList')
          errs.images ??= t('aftersales.evidence.tooMany', { max: AFTER_SALES.evidenceMax });
        else if (field === 'reverseTradeOrderLineList') errs.lines ??= t('aftersales.apply.selectOne');
      }
    }
    if (!exchange && !cancel && !errs.amount && available && Number(amount) > Number(available.value)) {
      errs.amount = t('aftersales.apply.amountTooHigh', { max: fmt(available) });
    }
    setErrors(errs);
    if (Object.values(errs).some(Boolean) || !parsed.success) return;
    initiate.mutate(
      { type, request: parsed.data, key: idempotencyKey },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            title: t('aftersales.apply.successTitle'),
            message: t('aftersales.apply.successText'),
          });
          void navigate(`/buyer/order/detail/${orderId}`, { replace: true });
        },
        onError: (e) => {
          setSubmitError(aftersalesError(t, e));
          void base.refetch();
        },
      },
    );
  };

  if (base.isLoading || (base.data && !type && types.length > 0)) return <PageSkeleton />;
  if (base.error && !base.data) return <LoadError error={base.error} onRetry={() => void base.refetch()} />;
  const order = base.data!.tradeOrder;
  const back = (
    <Anchor component={Link} to={`/buyer/order/detail/${orderId}`} size="sm" w="fit-content">
      <Group gap={4}>
        <IconArrowLeft size={14} aria-hidden />
        {t('orders.backToOrder')}
      </Group>
    </Anchor>
  );
  if (!types.length) {
    return (
      <Stack>
        {back}
        <EmptyBlock title={t('aftersales.apply.nothingToApply')}>
          <Anchor component={Link} to={`/buyer/order/detail/${orderId}`}>
            {t('orders.backToOrder')}
          </Anchor>
        </EmptyBlock>
      </Stack>
    );
  }

  const errorList = [
    errors.lines,
    ...chosen.map((l) => errors[`sku:${l.id}`]),
    errors.amount,
    errors.reason,
    errors.notes,
    errors.images,
  ].filter(Boolean) as string[];
  const busy = initiate.isPending;

  return (
    <Stack gap="md" data-testid="apply-page">
      {back}
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={1} size="h2">
          {t('aftersales.apply.title')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('orders.orderNumber', { code: order.tradeOrderCode })} · {dateTime(order.orderedTime)}
        </Text>
      </Group>

      <Section compactOnPhone title={t('aftersales.apply.typeLabel')} testId="apply-type">
        <Radio.Group
          value={type ?? ''}
          onChange={(v) => {
            setType(v as ApplyType);
            setSubmitError(null);
          }}
          aria-label={t('aftersales.apply.typeLabel')}
        >
          <SimpleGrid cols={{ base: 1, sm: Math.min(types.length, 3) }} spacing="sm">
            {types.map((x) => (
              <Radio
                key={x}
                value={x}
                label={t(typeKey(x))}
                description={t(`aftersales.typeHint.${x}`)}
                data-testid={`apply-type-${x}`}
              />
            ))}
          </SimpleGrid>
        </Radio.Group>
      </Section>

      <Section
        compactOnPhone
        title={cancel ? t('aftersales.apply.cancelLines') : t('aftersales.apply.pickLines')}
        testId="apply-lines"
      >
        <Stack gap="xs" aria-busy={!ready}>
          {!ready && <PageSkeleton />}
          {ready && lines.length === 0 && (
            <Text size="sm" c="gray.7">
              {t('aftersales.apply.noLinesForType')}
            </Text>
          )}
          {ready &&
            lines.map((l) => {
              const max = lineMax(l, type);
              const picked = !!sel[l.id];
              return (
                <ApplyLineItem
                  key={l.id}
                  line={l}
                  max={max}
                  checked={l.inAfterSales || picked}
                  disabled={l.inAfterSales || cancel}
                  onToggle={(on) => setLine(l.id, on ? {} : null, l)}
                  aside={
                    picked && !l.inAfterSales ? (
                      cancel ? (
                        <Text size="sm" data-testid="fixed-qty">
                          {t('aftersales.apply.qtyFixed', {
                            qty: l.isWeight ? `${max} ${l.unitName ?? ''}`.trim() : max,
                          })}
                        </Text>
                      ) : (
                        <QuantityStepper
                          value={sel[l.id]!.qty}
                          rule={lineRule(max, l.isWeight)}
                          unit={l.unitName ?? undefined}
                          disabled={busy}
                          label={t('aftersales.apply.qtyLabel', { name: l.name })}
                          onChange={(q) => setLine(l.id, { qty: q })}
                        />
                      )
                    ) : undefined
                  }
                >
                  {exchange && picked && !l.inAfterSales && (
                    <ExchangeSkuPicker
                      line={l}
                      value={sel[l.id]!.skuId}
                      onChange={(id) => setLine(l.id, { skuId: id })}
                      error={errors[`sku:${l.id}`]}
                    />
                  )}
                </ApplyLineItem>
              );
            })}
          {errors.lines && (
            <Text size="sm" c="red.8" data-testid="lines-error">
              {errors.lines}
            </Text>
          )}
        </Stack>
      </Section>

      <Section compactOnPhone title={t('aftersales.apply.detailsTitle')} testId="apply-details">
        <Stack gap="md">
          {!exchange && (
            <AmountInput
              label={t('aftersales.apply.amountLabel')}
              withAsterisk
              value={amount}
              data-testid="refund-amount"
              onChange={(v) => {
                setAmount(v);
                setAmountTouched(true);
                setErrors((e) => ({ ...e, amount: undefined }));
              }}
              min={0}
              max={available ? Number(available.value) : undefined}
              step={decimals ? 0.01 : 1}
              decimals={decimals}
              disabled={cancel || busy}
              leftSection={
                <Text size="xs" c="gray.7">
                  {currency}
                </Text>
              }
              leftSectionWidth={44}
              maw={320}
              description={
                available
                  ? t(cancel ? 'aftersales.apply.amountFixed' : 'aftersales.apply.amountMax', { max: fmt(available) })
                  : chosen.length
                    ? t('common.loading')
                    : t('aftersales.apply.amountPick')
              }
              error={
                errors.amount ??
                (!cancel && available && amount !== '' && Number(amount) > Number(available.value)
                  ? t('aftersales.apply.amountTooHigh', { max: fmt(available) })
                  : undefined)
              }
            />
          )}
          {/* A native select (the phone's own picker): Mantine's combobox would bring floating-ui to the first load. */}
          <NativeSelect
            label={t('aftersales.apply.reasonLabel')}
            withAsterisk
            maw={480}
            data={[
              { value: '', label: t('aftersales.apply.reasonPlaceholder'), disabled: true },
              ...(ready ? base.data.availableReverseReasons : []).map((r) => ({ value: r, label: t(reasonKey(r)) })),
            ]}
            value={reason ?? ''}
            onChange={(e) => {
              setReason((e.currentTarget.value || null) as ReverseReason | null);
              setErrors((x) => ({ ...x, reason: undefined }));
            }}
            error={errors.reason}
            disabled={busy}
            data-testid="reason"
          />
          <Textarea
            label={t('aftersales.apply.notesLabel')}
            placeholder={t('aftersales.apply.notesPlaceholder')}
            autosize
            minRows={3}
            maxRows={8}
            maxLength={MAX_LEN.afterSalesNotes}
            value={notes}
            disabled={busy}
            data-testid="notes"
            onChange={(e) => {
              setNotes(e.currentTarget.value);
              setErrors((x) => ({ ...x, notes: undefined }));
            }}
            description={t('common.remaining', { count: MAX_LEN.afterSalesNotes - notes.length })}
            error={errors.notes}
          />
          <EvidenceUpload
            value={images}
            onChange={(v) => {
              setImages(v);
              setErrors((e) => ({ ...e, images: undefined }));
            }}
            error={errors.images}
            onBusyChange={setUploading}
          />
        </Stack>
      </Section>

      <Box role="alert" aria-live="assertive" data-testid="apply-errors">
        {(errorList.length > 0 || submitError) && (
          <Alert color="red" variant="light" title={submitError ?? t('aftersales.apply.fixErrors')}>
            {errorList.length > 0 && (
              <List size="sm">
                {errorList.map((e, i) => (
                  <List.Item key={i}>{e}</List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
      </Box>

      {/* Mobile: the amount and the button stay at the bottom of the screen while the form scrolls. */}
      <Paper className={phone.stickyBarOnPhone} data-testid="apply-footer">
        <Group justify="flex-end" wrap="nowrap" gap="md" className={phone.spaceBetweenOnPhone}>
          {!exchange && (
            <Text size="sm">
              {t('aftersales.apply.refundTotal')}{' '}
              <Text span fw={700} data-testid="refund-total">
                {amount !== '' ? fmt({ value: Number(amount).toFixed(decimals), currency }) : '—'}
              </Text>
            </Text>
          )}
          <Button
            onClick={submit}
            loading={busy}
            disabled={busy || uploading || !ready}
            className={phone.buttonMdOnPhone}
            data-testid="apply-submit"
          >
            {t('aftersales.apply.submit')}
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}
