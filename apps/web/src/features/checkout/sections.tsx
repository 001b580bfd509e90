/**
 * Step 0 sections of the checkout page (SPEC §2): address, billing, shipping, pickup, extras.
 * Their dialogs and drawers load on first open (shared/LazyModal, shared/LazyDrawer) and their
 * choices are native selects: none of that is on the checkout's first load.
 */
import { lazy, Suspense, useState, type CSSProperties } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { HEAR_FROM_OPTIONS, MAX_LEN } from '@mall/contracts/constants';
import type { Address, PickupStore, PreviewResult } from '@mall/contracts';
import { useMoney } from '../../shared/format';
import { LazyDrawer } from '../../shared/LazyDrawer';
import { LazyModal } from '../../shared/LazyModal';
import { useSite } from '../../shared/session';
import { noChoice, type AddressFormState } from '../address/formState';
import { formatAddressLines } from '../address/components/addressLines';
import { useCountryName } from '../../shared/countries';
import { useSaveAddress } from '../address/api';
import { PartLoading } from '../../shared/PartLoading';
import { Section } from '../../shared/Section';

/**
 * The address fields and the add-address form (with the region selects and their queries), loaded
 * when an address is typed in: a buyer who picks a saved address never needs them. Checkout
 * starts the download at once for a buyer without saved addresses (preloadAddressFields).
 */
const loadAddressForm = () => import('../address/AddressForm');
export const preloadAddressFields = () => {
  void loadAddressForm();
};
const AddressFields = lazy(() => loadAddressForm().then((m) => ({ default: m.AddressFields })));
const AddressForm = lazy(() => loadAddressForm().then((m) => ({ default: m.AddressForm })));

function AddressCard({
  a,
  selected,
  onSelect,
  visibleFrom,
}: {
  a: Address;
  selected: boolean;
  onSelect: () => void;
  visibleFrom?: 'sm';
}) {
  const { t } = useTranslation();
  const { countryName } = useCountryName();
  return (
    <Card
      withBorder
      padding="sm"
      onClick={onSelect}
      style={{ cursor: 'pointer', borderColor: selected ? 'var(--mantine-color-blue-8)' : undefined }}
      visibleFrom={visibleFrom}
      data-testid="checkout-address"
      aria-pressed={selected}
      role="button"
      tabIndex={0}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') onSelect();
      }}
    >
      <Group justify="space-between" wrap="nowrap">
        {/* A picture of a radio, not a second control inside the card's button (axe: nested-interactive). */}
        <Group gap="xs" wrap="nowrap">
          <Radio.Indicator checked={selected} size="sm" aria-hidden />
          <Text size="sm">{a.personName}</Text>
        </Group>
        {a.isDefault && (
          <Badge variant="filled" size="xs">
            {t('address.default')}
          </Badge>
        )}
      </Group>
      {a.company && <Text size="xs">{a.company}</Text>}
      {formatAddressLines(a, countryName).map((l) => (
        <Text key={l} size="xs" c="dimmed">
          {l}
        </Text>
      ))}
    </Card>
  );
}

/** Below Mantine's `sm` breakpoint: a phone. Read in an effect, for what opens on a click only. */
const PHONE = '(max-width: 47.99375em)';

/** Registered buyers pick a saved address (drawer on mobile) or add one; others type it in. */
export function ShippingAddressSection(props: {
  saved: Address[] | undefined;
  selectedId: string | null;
  onSelect: (id: string) => void;
  form: AddressFormState;
  useForm: boolean;
  serverError?: unknown;
  /** Mobile adds addresses on their own page (SPEC §2 /buyer/create-address). */
  onAddOnPage?: () => void;
}) {
  const { t } = useTranslation();
  // Only for what a click opens (the add-address page or dialog); the section itself is laid out by CSS.
  const phone = useMediaQuery(PHONE);
  const [picker, setPicker] = useState(false);
  const [adding, setAdding] = useState(false);
  const save = useSaveAddress();
  const saved = props.saved ?? [];
  if (props.useForm) {
    return (
      <Section title={t('checkout.shippingAddress')} testId="shipping-address">
        <Suspense fallback={<PartLoading />}>
          <AddressFields form={props.form} purpose="SHIPPING" serverError={props.serverError} hideQuickQuiz typed />
        </Suspense>
      </Section>
    );
  }
  const list = (
    <Stack gap="xs">
      {saved.map((a) => (
        <AddressCard
          key={a.id}
          a={a}
          selected={a.id === props.selectedId}
          onSelect={() => {
            props.onSelect(a.id);
            setPicker(false);
          }}
        />
      ))}
    </Stack>
  );
  return (
    <Section title={t('checkout.shippingAddress')} testId="shipping-address">
      {/* Every saved address, two a row, from the phone breakpoint up; below it only the chosen one,
          which opens the picker (a bottom drawer) as the button under it does. */}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={{ base: 'xs', sm: 'md' }}>
        {saved.map((a) =>
          a.id === props.selectedId ? (
            <AddressCard key={a.id} a={a} selected onSelect={() => (phone ? setPicker(true) : props.onSelect(a.id))} />
          ) : (
            <AddressCard key={a.id} a={a} selected={false} onSelect={() => props.onSelect(a.id)} visibleFrom="sm" />
          ),
        )}
      </SimpleGrid>
      <Button variant="light" fullWidth mt="xs" hiddenFrom="sm" onClick={() => setPicker(true)}>
        {t('checkout.changeAddress')}
      </Button>
      <LazyDrawer
        opened={picker}
        onClose={() => setPicker(false)}
        position="bottom"
        size="70%"
        title={t('checkout.selectAddress')}
      >
        {list}
      </LazyDrawer>
      <Button
        variant="subtle"
        mt="xs"
        onPointerEnter={preloadAddressFields}
        onClick={() => (phone && props.onAddOnPage ? props.onAddOnPage() : setAdding(true))}
      >
        {t('address.add')}
      </Button>
      <LazyModal
        opened={adding}
        onClose={() => setAdding(false)}
        size={970}
        fullScreen={phone}
        title={t('address.add')}
      >
        <Suspense fallback={<PartLoading />}>
          <AddressForm
            submitLabel={t('address.save')}
            saving={save.isPending}
            error={save.error}
            onCancel={() => setAdding(false)}
            onSubmit={(body) =>
              save.mutate(
                { body },
                {
                  onSuccess: (a) => {
                    props.onSelect(a.id);
                    setAdding(false);
                  },
                },
              )
            }
          />
        </Suspense>
      </LazyModal>
    </Section>
  );
}

export function BillingSection(props: {
  same: boolean;
  onSame: (v: boolean) => void;
  form: AddressFormState;
  shippingValues: () => Record<string, unknown> | null;
  serverError?: unknown;
}) {
  const { t } = useTranslation();
  return (
    <Section title={t('checkout.billingAddress')} testId="billing-address">
      <Checkbox
        label={t('checkout.billingSame')}
        checked={props.same}
        onChange={(e) => props.onSame(e.currentTarget.checked)}
        onPointerEnter={preloadAddressFields}
      />
      {!props.same && (
        <Stack mt="sm" gap="sm">
          <Button
            variant="light"
            size="xs"
            w="fit-content"
            onClick={() => {
              const v = props.shippingValues();
              if (v) props.form.setValues(v);
            }}
          >
            {t('checkout.referenceShipping')}
          </Button>
          <Suspense fallback={<PartLoading />}>
            <AddressFields form={props.form} purpose="BILLING" serverError={props.serverError} typed />
          </Suspense>
        </Stack>
      )}
    </Section>
  );
}

const CANNOT_USE: Record<string, string> = {
  ORDER_AMOUNT_NOT_SUPPORTED: 'checkout.shipping.orderAmountNotSupported',
  REGION_NOT_SUPPORTED: 'checkout.shipping.regionNotSupported',
};

/**
 * The shipping methods' table: a plain one in Mantine Table's look (row borders, xs spacing).
 * Mantine's Table brings its scroll container (ScrollArea, ~5 KB gzip) to the first load.
 */
const METHODS_TABLE: CSSProperties = {
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: 'var(--mantine-font-size-sm)',
  lineHeight: 'var(--mantine-line-height)',
};
const METHOD_CELL: CSSProperties = { padding: 'var(--mantine-spacing-xs)' };
const ROW_BORDER = 'calc(0.0625rem * var(--mantine-scale)) solid var(--mantine-color-gray-3)';

export function ShippingMethodSection(props: {
  preview: PreviewResult;
  /** Per shop: the missing choice (shipping method or pickup point), shown under its table. */
  errors?: Record<string, string>;
  choices: Record<string, string>;
  onChoose: (shopId: string, methodId: string) => void;
  pickupStoreId: string | null;
  onPickupStore: (store: PickupStore) => void;
}) {
  const { t } = useTranslation();
  const fmt = useMoney();
  // Only for the store list a click opens: a bottom drawer on a phone, a dialog otherwise.
  const phone = useMediaQuery(PHONE);
  const [storesOf, setStoresOf] = useState<string | null>(null);
  const pickupShop = props.preview.renderTradeOrderTOList.find((o) => o.shopId === storesOf);
  return (
    <Section title={t('checkout.shippingMethod')} testId="shipping-methods">
      <Stack gap="md">
        {props.preview.renderTradeOrderTOList.map((o) => {
          const selected = props.choices[o.shopId] ?? o.selectedShippingMethodId;
          const pickupSelected =
            o.shippingMethods.find((m) => m.shippingMethodId === selected)?.shippingMethodCode === 'PICKUP';
          const store = o.pickupStores.find((s) => s.id === props.pickupStoreId);
          return (
            <div key={o.shopId}>
              {props.preview.renderTradeOrderTOList.length > 1 && (
                <Text fw={500} size="sm" mb={4}>
                  {o.shop.name}
                </Text>
              )}
              <Radio.Group
                value={selected ?? ''}
                onChange={(v) => props.onChoose(o.shopId, v)}
                aria-label={`${t('checkout.shippingMethod')} ${o.shop.name}`}
                error={props.errors?.[o.shopId]}
                data-invalid={props.errors?.[o.shopId] ? 'true' : undefined}
              >
                <table style={METHODS_TABLE}>
                  <tbody>
                    {o.shippingMethods.map((m, i) => (
                      <tr
                        key={m.shippingMethodId}
                        data-testid="shipping-method"
                        style={{
                          opacity: m.canSelect ? 1 : 0.6,
                          borderBottom: i < o.shippingMethods.length - 1 ? ROW_BORDER : undefined,
                        }}
                      >
                        <td style={{ ...METHOD_CELL, width: 32 }}>
                          <Radio value={m.shippingMethodId} disabled={!m.canSelect} aria-label={m.shippingMethod} />
                        </td>
                        <td style={METHOD_CELL}>
                          <Text size="sm" fw={500}>
                            {m.shippingMethod}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {m.shippingMethodDesc}
                          </Text>
                          {!m.canSelect && m.canotUsedType && (
                            <Text size="xs" c="red">
                              {t(CANNOT_USE[m.canotUsedType]!)}
                            </Text>
                          )}
                        </td>
                        <td style={{ ...METHOD_CELL, textAlign: 'right' }}>
                          <Text size="sm">
                            {m.shippingAmt === null
                              ? t('checkout.shipping.unknown')
                              : Number(m.shippingAmt.value) === 0
                                ? t('checkout.shipping.free')
                                : fmt(m.shippingAmt)}
                          </Text>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </Radio.Group>
              {pickupSelected && (
                <Group mt="xs" justify="space-between" data-testid="pickup-point">
                  {store ? (
                    <Text size="sm">
                      {store.storeName} · {store.address} · {t('checkout.pickup.miles', { miles: store.distance })}
                    </Text>
                  ) : (
                    <Text size="sm" c="red">
                      {t('checkout.pickup.required')}
                    </Text>
                  )}
                  <Button size="xs" variant="light" onClick={() => setStoresOf(o.shopId)}>
                    {t('checkout.pickup.choose')}
                  </Button>
                </Group>
              )}
            </div>
          );
        })}
      </Stack>
      {(() => {
        const list = (
          <Stack gap="xs">
            {(pickupShop?.pickupStores ?? []).map((s) => (
              <Card key={s.id} withBorder padding="sm" data-testid="pickup-store">
                <Group justify="space-between" wrap="nowrap">
                  <div>
                    <Text fw={500} size="sm">
                      {s.storeName}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {s.address} {s.storeZipCode}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {s.businessHours}
                    </Text>
                  </div>
                  <Stack gap={4} align="flex-end">
                    <Badge variant="light">{t('checkout.pickup.miles', { miles: s.distance })}</Badge>
                    <Button
                      size="xs"
                      onClick={() => {
                        props.onPickupStore(s);
                        setStoresOf(null);
                      }}
                    >
                      {t('checkout.pickup.select')}
                    </Button>
                  </Stack>
                </Group>
              </Card>
            ))}
          </Stack>
        );
        return phone ? (
          <LazyDrawer
            opened={!!storesOf}
            onClose={() => setStoresOf(null)}
            position="bottom"
            size="76vh"
            title={t('checkout.pickup.title')}
          >
            {list}
          </LazyDrawer>
        ) : (
          <LazyModal opened={!!storesOf} onClose={() => setStoresOf(null)} size="lg" title={t('checkout.pickup.title')}>
            {list}
          </LazyModal>
        );
      })()}
    </Section>
  );
}

export interface Extras {
  hearFrom: string;
  hearFromInput: string;
  inviteCode: string;
  smsSubscribe: boolean;
  emailSubscribe: boolean;
  privacyAgreed: boolean;
  notifyType: 'email' | 'phone';
  notifyAreaCode: string;
  notifyContact: string;
  deliveryDay: string;
  deliveryTime: string;
  remarks: Record<string, string>;
}

export function QuickQuizSection({
  extras,
  set,
  error,
  inputError,
}: {
  extras: Extras;
  set: (p: Partial<Extras>) => void;
  error?: string;
  inputError?: string;
}) {
  const { t } = useTranslation();
  return (
    <Section title={t('checkout.quickQuiz')} testId="quick-quiz">
      <Group grow align="flex-start">
        <NativeSelect
          label={t('address.hearFrom')}
          required
          value={extras.hearFrom}
          onChange={(e) => set({ hearFrom: e.currentTarget.value })}
          error={error}
          data={[noChoice(), ...HEAR_FROM_OPTIONS.map((o) => ({ value: o, label: t(`address.hearFromOptions.${o}`) }))]}
        />
        {extras.hearFrom === 'other' && (
          <TextInput
            label={t('address.hearFromInput')}
            required
            maxLength={MAX_LEN.quickQuiz}
            value={extras.hearFromInput}
            onChange={(e) => set({ hearFromInput: e.currentTarget.value })}
            error={inputError}
          />
        )}
      </Group>
    </Section>
  );
}

/**
 * How order updates reach the buyer. With a typed address, email updates go to the address's own
 * email (`addressEmail`): the buyer is not asked for it a second time.
 */
export function NotifySection({
  extras,
  set,
  addressEmail,
  error,
}: {
  extras: Extras;
  set: (p: Partial<Extras>) => void;
  addressEmail: string | null;
  error?: string;
}) {
  const { t } = useTranslation();
  const site = useSite();
  const fromAddress = addressEmail !== null && extras.notifyType === 'email';
  return (
    <Section title={t('checkout.notify.title')} testId="notify">
      <Radio.Group value={extras.notifyType} onChange={(v) => set({ notifyType: v })}>
        <Group>
          <Radio value="email" label={t('checkout.notify.email')} />
          <Radio value="phone" label={t('checkout.notify.phone')} />
        </Group>
      </Radio.Group>
      {fromAddress ? (
        <Text size="sm" c="dimmed" mt="xs" data-testid="notify-address-email">
          {addressEmail
            ? t('checkout.notify.toAddressEmail', { email: addressEmail })
            : t('checkout.notify.addressEmailPending')}
        </Text>
      ) : (
        <Group mt="xs" align="flex-start" grow>
          {extras.notifyType === 'phone' && (
            <TextInput
              label={t('address.areaCode')}
              maw={100}
              value={extras.notifyAreaCode}
              onChange={(e) => set({ notifyAreaCode: e.currentTarget.value })}
            />
          )}
          <TextInput
            label={t(extras.notifyType === 'email' ? 'address.email' : 'address.phone')}
            value={extras.notifyContact}
            maxLength={254}
            onChange={(e) => set({ notifyContact: e.currentTarget.value })}
            error={error}
          />
        </Group>
      )}
      {site.features.smsSubscribe && (
        <Checkbox
          mt="sm"
          checked={extras.smsSubscribe}
          onChange={(e) => set({ smsSubscribe: e.currentTarget.checked })}
          label={
            <>
              {t('checkout.smsSubscribe')}{' '}
              <Anchor component={Link} to={site.policyRoutes.sms ?? '/sms'} size="sm">
                {t('policy.sms')}
              </Anchor>
            </>
          }
        />
      )}
      {site.features.emailSubscribe && (
        <Checkbox
          mt="sm"
          checked={extras.emailSubscribe}
          onChange={(e) => set({ emailSubscribe: e.currentTarget.checked })}
          label={t('checkout.emailSubscribe')}
        />
      )}
    </Section>
  );
}

export function InviteCodeSection({ extras, set }: { extras: Extras; set: (p: Partial<Extras>) => void }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" data-testid="invite-code">
      <TextInput
        label={t('checkout.inviteCode')}
        maxLength={MAX_LEN.inviteCode}
        value={extras.inviteCode}
        onChange={(e) => set({ inviteCode: e.currentTarget.value })}
      />
    </Paper>
  );
}

/** `error`: the choice is not one the site offers (the server's rule, deliveryChoiceProblem), shown at its select. */
export function DeliveryTimeSection({
  preview,
  extras,
  set,
  error,
}: {
  preview: PreviewResult;
  extras: Extras;
  set: (p: Partial<Extras>) => void;
  error?: { field: 'day' | 'time'; message: string };
}) {
  const { t } = useTranslation();
  const info = preview.shippingTimeInfo;
  if (!info.dayList.length) return null;
  return (
    <Section title={t('checkout.delivery.title')} testId="delivery-time">
      <Group grow>
        {/* "No preference" first: choosing it again clears the choice. */}
        <NativeSelect
          label={t('checkout.delivery.day')}
          value={extras.deliveryDay}
          onChange={(e) => set({ deliveryDay: e.currentTarget.value })}
          data={[{ value: '', label: t('checkout.delivery.any') }, ...info.dayList]}
          error={error?.field === 'day' ? error.message : undefined}
        />
        <NativeSelect
          label={t('checkout.delivery.time')}
          value={extras.deliveryTime}
          onChange={(e) => set({ deliveryTime: e.currentTarget.value })}
          data={[{ value: '', label: t('checkout.delivery.any') }, ...info.dayTimeList]}
          error={error?.field === 'time' ? error.message : undefined}
        />
      </Group>
    </Section>
  );
}

export function PrivacySection({
  extras,
  set,
  onTerms,
  error,
}: {
  extras: Extras;
  set: (p: Partial<Extras>) => void;
  onTerms?: () => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const site = useSite();
  if (!site.features.privacyPolicy) return null;
  return (
    <Paper withBorder p="md" data-testid="privacy">
      <Checkbox
        checked={extras.privacyAgreed}
        onChange={(e) => set({ privacyAgreed: e.currentTarget.checked })}
        error={error}
        label={
          <>
            {t('checkout.privacy.agree')}{' '}
            <Anchor component={Link} to={site.policyRoutes.privacy ?? '/privacy-policy'} target="_blank" size="sm">
              {t('policy.privacy')}
            </Anchor>
            {' · '}
            <Anchor component={Link} to={site.policyRoutes.terms ?? '/terms-conditions'} target="_blank" size="sm">
              {t('policy.terms')}
            </Anchor>
            {onTerms && (
              <>
                {' · '}
                <Anchor component="button" type="button" size="sm" onClick={onTerms}>
                  {t('checkout.termsOfUse')}
                </Anchor>
              </>
            )}
          </>
        }
      />
    </Paper>
  );
}

export function RequirementsBox({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <Section title={t('checkout.exceed.requirementsTitle')} testId="requirements">
      <Textarea
        placeholder={t('checkout.exceed.requirementsPlaceholder')}
        maxLength={MAX_LEN.requirements}
        autosize
        minRows={3}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        aria-label={t('checkout.exceed.requirementsTitle')}
        description={t('common.remaining', { count: MAX_LEN.requirements - value.length })}
      />
    </Section>
  );
}

export function CannotBuyAlert({ preview }: { preview: PreviewResult }) {
  const { t } = useTranslation();
  if (preview.buyCanBuyTO.canBuy) return null;
  return (
    <Alert color="red" title={t('checkout.cannotBuy')}>
      {preview.buyCanBuyTO.content}
    </Alert>
  );
}
