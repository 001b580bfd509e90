/**
 * Order summary, items, promotion code box, coupons, points and the countdown (SPEC §2 step 0).
 * Their dialogs load on first open.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Divider,
  Group,
  Image,
  Indicator,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FAKE_COUNTDOWN_MS, PROMOTION_CODE_LENGTH } from '@mall/contracts/constants';
import type { PreviewResult } from '@mall/contracts';
import { DialogLoading } from '../../shared/DialogLoading';
import { useMoney, formatQty, taxPercent } from '../../shared/format';
import { LazyModal } from '../../shared/LazyModal';
import type { CouponModalProps, ProductListModalProps } from './dialogs';
import { Section } from '../../shared/Section';

type Line = PreviewResult['renderTradeOrderTOList'][number]['lines'][number];

function LineRow({ l }: { l: Line }) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const [more, setMore] = useState(false);
  const children = more ? l.diyChildren : l.diyChildren.slice(0, 2);
  return (
    <Stack gap={4} data-testid="checkout-line">
      <Group wrap="nowrap" align="flex-start">
        <Image src={l.sku.image} alt="" w={80} h={80} radius="sm" />
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={500} lineClamp={2}>
            {l.item.itemName}
          </Text>
          <Text size="xs" c="dimmed">
            {l.sku.name} · × {formatQty(l.qty, l.sku.marketingUnit.unitName, l.sku.qtyDecimals)}
          </Text>
          {l.presale && (
            <Text size="xs" c="grape">
              {t('checkout.presaleLine', { deposit: fmt(l.presale.deposit), balance: fmt(l.presale.balance) })}
            </Text>
          )}
          {!l.stockOk && (
            <Text size="xs" c="red">
              {t('errors.Trade.itemSoldOut')}
            </Text>
          )}
        </Stack>
        <Text size="sm" fw={600}>
          {l.points > 0 ? t('catalog.points', { count: l.points }) : fmt(l.skuAmt)}
        </Text>
      </Group>
      {children.map((c) => (
        <Group key={c.sku.id} wrap="nowrap" pl={88} gap="xs">
          <Image src={c.sku.image} alt="" w={40} h={40} radius="sm" />
          <Text size="xs" c="dimmed">
            {c.itemName} × {c.qty}
          </Text>
        </Group>
      ))}
      {l.diyChildren.length > 2 && (
        <Anchor component="button" type="button" size="xs" pl={88} onClick={() => setMore((m) => !m)}>
          {t(more ? 'checkout.viewLess' : 'checkout.viewMore')}
        </Anchor>
      )}
      {l.gifts.map((g) => (
        <Group key={g.sku.id} wrap="nowrap" pl={88} gap="xs">
          <Image src={g.sku.image} alt="" w={60} h={60} radius="sm" />
          <Badge size="xs" color="pink" variant="light">
            {t('cart.gift')}
          </Badge>
          <Text size="xs">
            {g.itemName} × {g.qty}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

export function ItemsSection({
  preview,
  remarks,
  onRemark,
}: {
  preview: PreviewResult;
  remarks: Record<string, string>;
  onRemark: (shopId: string, v: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Section title={t('checkout.items')} testId="items">
      <Stack gap="lg">
        {preview.renderTradeOrderTOList.map((o) => (
          <Stack key={o.shopId} gap="sm">
            <Group gap="xs">
              <Text fw={600} size="sm">
                {o.shop.name}
              </Text>
              {o.crossBorder && (
                <Badge size="sm" variant="light" color="indigo" data-testid="cross-border-badge">
                  {t('crossBorder.badge')}
                </Badge>
              )}
            </Group>
            {o.lines.map((l) => (
              <LineRow key={l.skuId} l={l} />
            ))}
            <TextInput
              size="xs"
              label={t('checkout.remark')}
              maxLength={200}
              value={remarks[o.shopId] ?? ''}
              onChange={(e) => onRemark(o.shopId, e.currentTarget.value)}
            />
          </Stack>
        ))}
      </Stack>
    </Section>
  );
}

export function PromotionCodeBox(props: {
  applied: string[];
  useless: PreviewResult['uselessPromotionCode'];
  onApply: (code: string) => void;
  onRemove: (code: string) => void;
  blocked: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const applied = props.applied[0];
  const lastUseless = props.useless.find((u) => u.code === code.trim().toUpperCase());
  useEffect(() => {
    if (lastUseless)
      setError(t(lastUseless.reason === 'COMBINATION' ? 'checkout.coupon.combination' : 'checkout.coupon.cannotUse'));
  }, [lastUseless, t]);
  if (applied) {
    return (
      <Group gap="xs" data-testid="promo-box">
        <TextInput size="xs" value={applied} disabled aria-label={t('checkout.promo.label')} />
        <Text size="xs" c="green">
          {t('checkout.coupon.used')}
        </Text>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          onClick={() => {
            props.onRemove(applied);
            setCode('');
            setError(null);
          }}
        >
          {t('checkout.promo.remove')}
        </Button>
      </Group>
    );
  }
  if (!open)
    return (
      <Anchor component="button" type="button" size="sm" onClick={() => setOpen(true)} data-testid="promo-box">
        {t('checkout.promo.have')}
      </Anchor>
    );
  const apply = () => {
    const c = code.trim();
    if (!c) return setError(t('validation.required'));
    if (c.length < PROMOTION_CODE_LENGTH.min || c.length > PROMOTION_CODE_LENGTH.max)
      return setError(t('checkout.promo.length'));
    if (props.blocked) return setError(t('checkout.coupon.combination'));
    setError(null);
    props.onApply(c.toUpperCase());
  };
  return (
    <Stack gap={4} data-testid="promo-box">
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          size="xs"
          maxLength={PROMOTION_CODE_LENGTH.max}
          value={code}
          error={error}
          aria-label={t('checkout.promo.label')}
          placeholder={t('checkout.promo.label')}
          onChange={(e) => {
            setCode(e.currentTarget.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              apply();
            }
          }}
          style={{ flex: 1 }}
        />
        <Button size="xs" onClick={apply}>
          {t('checkout.promo.apply')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The coupon chooser and the product list (./dialogs.tsx), loaded on the first open; pointing at their buttons starts the download. */
const loadDialogs = () => import('./dialogs');
const CouponModalImpl = lazy(() => loadDialogs().then((m) => ({ default: m.CouponModal })));
const ProductListModalImpl = lazy(() => loadDialogs().then((m) => ({ default: m.ProductListModal })));

/** Renders nothing until first opened, then stays mounted (so the close transition plays). */
function useOpenedOnce(opened: boolean) {
  const [used, setUsed] = useState(false);
  if (opened && !used) setUsed(true);
  return used || opened;
}

export function CouponModal(props: CouponModalProps) {
  if (!useOpenedOnce(props.opened)) return null;
  return (
    <Suspense fallback={props.opened ? <DialogLoading /> : null}>
      <CouponModalImpl {...props} />
    </Suspense>
  );
}

function ProductListModal(props: ProductListModalProps) {
  if (!useOpenedOnce(props.opened)) return null;
  return (
    <Suspense fallback={props.opened ? <DialogLoading /> : null}>
      <ProductListModalImpl {...props} />
    </Suspense>
  );
}

export function OrderSummary(props: {
  preview: PreviewResult;
  usePoints: boolean;
  onPoints: (v: boolean) => void;
  onCoupons: () => void;
  promo: React.ReactNode;
  action: React.ReactNode;
}) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const p = props.preview;
  const [listOpen, setListOpen] = useState(false);
  const lines = p.renderTradeOrderTOList.flatMap((o) => o.lines);
  // Four thumbnails from Mantine's `md` breakpoint up, three below it (the fourth hidden by CSS).
  const thumbs = lines.slice(0, 4);
  const zero = (m: { value: string }) => Number(m.value) === 0;
  const row = (label: string, value: string, testId?: string, color?: string) => (
    <Group justify="space-between">
      <Text size="sm">{label}</Text>
      <Text size="sm" c={color} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
  const selectedCoupons = p.availableCouponList.filter((c) => c.selected);
  return (
    <Paper withBorder p="md" data-testid="order-summary">
      <Title order={2} size="h4" mb="sm">
        {t('checkout.summary.title')}
      </Title>
      {/* A real button named by its visible content (the thumbnails' names and counts) after the hidden title.
          The row's width, with room above for the count badges: sized to the thumbnails, the last badge stuck out of it. */}
      <UnstyledButton
        onClick={() => setListOpen(true)}
        onPointerEnter={() => void loadDialogs()}
        mb="sm"
        display="block"
        w="100%"
        pt={4}
      >
        <VisuallyHidden>{t('checkout.summary.productList')}</VisuallyHidden>
        <Group gap="xs">
          {thumbs.map((l, i) => (
            <Indicator
              key={l.skuId}
              label={Number(l.qty) > 100 ? '99+' : l.qty}
              size={16}
              offset={4}
              visibleFrom={i === 3 ? 'md' : undefined}
            >
              <Image
                src={l.sku.image}
                alt={l.item.itemName}
                w={{ base: 56, sm: 52, md: 50, lg: 62 }}
                h={{ base: 56, sm: 52, md: 50, lg: 62 }}
                radius="sm"
              />
            </Indicator>
          ))}
          {lines.length > 3 && (
            <Text size="xs" hiddenFrom="md">
              +{lines.length - 3}
            </Text>
          )}
          {lines.length > 4 && (
            <Text size="xs" visibleFrom="md">
              +{lines.length - 4}
            </Text>
          )}
        </Group>
      </UnstyledButton>
      <Stack gap={6}>
        {row(t('checkout.summary.subtotal'), fmt(p.skuAmt), 'sum-subtotal')}
        {p.actualNeedPayPoints > 0 &&
          row(t('checkout.summary.pointsItems'), t('catalog.points', { count: p.actualNeedPayPoints }))}
        {!zero(p.levelAmt) &&
          row(t('checkout.summary.memberDiscount'), `-${fmt(p.levelAmt)}`, 'sum-member-discount', 'red')}
        {!zero(p.shopDiscountAmt) &&
          row(t('checkout.summary.shopDiscount'), `-${fmt(p.shopDiscountAmt)}`, 'sum-shop-discount', 'red')}
        {!zero(p.platformCouponDiscountAmt) &&
          row(
            t('checkout.summary.platformCoupon'),
            `-${fmt(p.platformCouponDiscountAmt)}`,
            'sum-platform-discount',
            'red',
          )}
        {!zero(p.promotionDiscountAmt) &&
          row(t('checkout.summary.promotionCode'), `-${fmt(p.promotionDiscountAmt)}`, 'sum-promo-discount', 'red')}
        {row(
          t('checkout.summary.shipping'),
          zero(p.shippingAmt) ? t('checkout.shipping.free') : fmt(p.shippingAmt),
          'sum-shipping',
        )}
        {p.taxDisplay === 'EXCLUSIVE' ? (
          // US sales tax: each order's rate (a pickup order pays the store's state's), e.g. "4 / 6.625".
          row(
            t('checkout.summary.tax', {
              // Cross-border orders pay import tax instead (its own row below).
              rate: [...new Set(p.renderTradeOrderTOList.filter((o) => !o.crossBorder).map((o) => o.taxRate))]
                .map((r) => taxPercent(Number(r)))
                .join(' / '),
            }),
            fmt(p.totalTaxAmt),
            'sum-tax',
          )
        ) : (
          <Text size="xs" c="dimmed" data-testid="sum-tax">
            {t('checkout.summary.vatIncluded', {
              rate: (Number(p.taxRate) * 100).toFixed(0),
              amount: fmt(p.totalTaxAmt),
            })}
          </Text>
        )}
        {p.crossBorder && row(t('crossBorder.duties'), fmt(p.crossBorder.dutyAmt), 'sum-duty')}
        {p.crossBorder && row(t('crossBorder.importTax'), fmt(p.crossBorder.importTaxAmt), 'sum-import-tax')}
        {p.activityUsedList.length > 0 && (
          <Text size="xs" c="dimmed">
            {t('checkout.summary.promotions')}: {p.activityUsedList.join(', ')}
          </Text>
        )}
        {p.userType === 'REGISTERED' && (
          <Group justify="space-between">
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={props.onCoupons}
              onPointerEnter={() => void loadDialogs()}
              data-testid="coupons-link"
            >
              {t('checkout.coupon.link', { count: selectedCoupons.length })}
            </Anchor>
            <Text size="xs" c="dimmed">
              {t('checkout.coupon.available', { count: p.availableCouponList.length })}
            </Text>
          </Group>
        )}
        {p.visibleTO.memberPointsIsVisible && (
          <Group justify="space-between" wrap="nowrap">
            <Switch
              size="sm"
              checked={props.usePoints}
              disabled={!p.pointDeductionResult.available}
              onChange={(e) => props.onPoints(e.currentTarget.checked)}
              label={
                p.pointDeductionResult.available
                  ? t('checkout.points.use', {
                      points: p.pointDeductionResult.discountablePoint,
                      amount: fmt(p.pointDeductionResult.discountableAmount),
                    })
                  : t('checkout.points.none', {
                      balance: p.pointDeductionResult.pointBalance,
                      minimum: p.pointDeductionResult.minimum,
                    })
              }
            />
            {p.pointDeductionResult.chosenIntegral > 0 && (
              <Text size="sm" c="red" data-testid="sum-points">
                -{fmt(p.pointDeductionResult.discountAmount)}
              </Text>
            )}
          </Group>
        )}
        {props.promo}
        <Divider />
        <Group justify="space-between">
          <Text fw={700}>{t('checkout.summary.total')}</Text>
          <Text fw={700} fz="xl" data-testid="sum-total">
            {fmt(p.needPayAmt)}
          </Text>
        </Group>
        {p.earnPoints > 0 && (
          <Text size="xs" c="dimmed" ta="right" data-testid="sum-earn">
            {t('checkout.summary.earn', { count: p.earnPoints })}
          </Text>
        )}
        {props.action}
      </Stack>
      <ProductListModal opened={listOpen} onClose={() => setListOpen(false)} preview={p} />
    </Paper>
  );
}

/**
 * The 5-minute countdown per country (SPEC §9), kept in localStorage so a reload does not
 * restart it; when it runs out the prize code is offered.
 */
export function CountdownBanner({ country, onPrize }: { country: string; onPrize: () => void }) {
  const { t } = useTranslation();
  const key = `checkout-countdown-${country}`;
  // Its start and the clock are read after the first render (the server's and the browser's first
  // render agree on a full countdown), then it runs from the saved start.
  const [start, setStart] = useState<number | null>(null);
  const [now, setNow] = useState(0);
  useEffect(() => {
    const saved = Number(localStorage.getItem(key));
    const at = saved && Date.now() - saved < 24 * 3600_000 ? saved : Date.now();
    if (at !== saved) localStorage.setItem(key, String(at));
    setStart(at);
    setNow(Date.now());
  }, [key]);
  const [prizeOpen, setPrizeOpen] = useState(false);
  const left = start === null ? FAKE_COUNTDOWN_MS : Math.max(0, FAKE_COUNTDOWN_MS - (now - start));
  useEffect(() => {
    if (start === null || left === 0) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [start, left]);
  const prizeKey = `${key}-prize-shown`;
  useEffect(() => {
    if (start !== null && left === 0 && !sessionStorage.getItem(prizeKey)) {
      sessionStorage.setItem(prizeKey, '1');
      setPrizeOpen(true);
    }
  }, [start, left, prizeKey]);
  const mm = String(Math.floor(left / 60000)).padStart(2, '0');
  const ss = String(Math.floor((left % 60000) / 1000)).padStart(2, '0');
  return (
    <>
      <Alert variant="light" color={left > 0 ? 'orange' : 'green'} data-testid="countdown" py="xs">
        {left > 0 ? (
          t('checkout.countdown.running', { time: `${mm}:${ss}` })
        ) : (
          <Group gap="xs">
            {t('checkout.countdown.over')}
            <Anchor component="button" type="button" size="sm" onClick={() => setPrizeOpen(true)}>
              {t('checkout.countdown.show')}
            </Anchor>
          </Group>
        )}
      </Alert>
      <LazyModal
        opened={prizeOpen}
        onClose={() => setPrizeOpen(false)}
        title={t('checkout.countdown.prizeTitle')}
        centered
      >
        <Text>{t('checkout.countdown.prizeText', { code: 'PRIZE20' })}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setPrizeOpen(false)}>
            {t('common.cancel')}
          </Button>
          <Button
            onClick={() => {
              onPrize();
              setPrizeOpen(false);
            }}
          >
            {t('checkout.countdown.usePrize')}
          </Button>
        </Group>
      </LazyModal>
    </>
  );
}
