/**
 * /checkout (SPEC §2 "Checkout and payment", §4 Checkout, §5): step 0 collects address, billing,
 * quick quiz, invite code, shipping, pickup, privacy, coupons, codes and points, re-fetching the
 * server preview on every change; submit creates the order with an Idempotency-Key.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert, Box, Button, Center, Container, Group, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { EMAIL_PATTERN, RATE_LIMIT_SUBMIT_DELAY_MS } from '@mall/contracts/constants';
import type {
  CheckoutEntry,
  GroupBuyChoice,
  OrderResult,
  PreviewBody,
  PreviewResult,
  SubmitBody,
  VatInvoiceRequestBody,
} from '@mall/contracts';
import { deliveryChoiceProblem } from '@mall/domain';
import { ApiError } from '../../shared/api';
import { errorMessage } from '../../shared/errors';
import { useMoney } from '../../shared/format';
import { LazyModal, loadModal } from '../../shared/LazyModal';
import { isLoggedIn, useSession, useSite } from '../../shared/session';
import { ADDRESS_FIELD_LABELS, addressSchemas, toBody, useAddressForm } from '../address/formState';
import { useAddresses } from '../address/api';
import { subscribeAfterCheckout } from '../subscription/api/subscription';
import { useExceedRequest, usePreview, useSubmitOrder } from './api';
import {
  BillingSection,
  CannotBuyAlert,
  DeliveryTimeSection,
  InviteCodeSection,
  NotifySection,
  preloadAddressFields,
  PrivacySection,
  QuickQuizSection,
  RequirementsBox,
  ShippingAddressSection,
  ShippingMethodSection,
  type Extras,
} from './sections';
import { CountdownBanner, CouponModal, ItemsSection, OrderSummary, PromotionCodeBox } from './summary';
import { useContract } from '../payment/api';
import { PartLoading } from '../../shared/PartLoading';
import { CheckoutInvoiceOption, type CheckoutInvoiceHandle } from '../invoice/components/CheckoutInvoiceOption';
import { isVatIdError, vatIdMessage } from '../invoice/components/vatIdMessage';
import { useCountryName } from '../../shared/countries';
import { Columns } from '../../shared/Columns';
import { PageLoading } from '../../shared/PageLoading';
import { certificateMissing, CrossBorderSection } from '../cross-border/components/CrossBorderSection';

/**
 * The payment step and the submitted order's summary, loaded when the buyer gets there (pointing
 * at Continue starts the download): step 0 is all the first load needs. The tip and notice
 * dialogs load on first open (shared/LazyModal).
 */
const loadPayment = () => import('../payment/PaymentSection');
/** A bulk order's confirm-pay part (addresses, items, billing address), loaded only for bulk orders. */
const BulkConfirmPay = lazy(() =>
  import('../bulk/components/BulkConfirmPay').then((m) => ({ default: m.BulkConfirmPay })),
);
const PaymentSection = lazy(() => loadPayment().then((m) => ({ default: m.PaymentSection })));
const ContractOrders = lazy(() => import('../payment/ContractOrders').then((m) => ({ default: m.ContractOrders })));
const preloadNextStep = () => {
  void loadModal();
  void loadPayment();
};

/** Seconds the buyer waits after a 429 on the first load before going back to the cart. */
export const RATE_LIMIT_WAIT_S = 5;

export function CheckoutPage() {
  const location = useLocation();
  const [params] = useSearchParams();
  const state = location.state as {
    from?: string;
    entries?: CheckoutEntry[];
    isExceed?: boolean;
    selectedAddressId?: string;
    createdContractId?: string;
    /** Starting or joining a group-buy group (one unit at the group price). */
    groupBuy?: GroupBuyChoice;
  } | null;
  const entries = state?.entries ?? [];
  if (state?.createdContractId) return <Navigate to={`/buyer/pre-pay?contractId=${state.createdContractId}`} replace />;
  // Balance payment confirmation: the contract's own preview and payment (SPEC §2 /checkout?tradeContractId).
  const tradeContractId = params.get('tradeContractId');
  if (!entries.length && tradeContractId) return <ContractCheckout contractId={tradeContractId} />;
  if (!entries.length) return <Navigate to="/cart" replace />;
  return (
    <Checkout
      entries={entries}
      initialAddressId={state?.selectedAddressId ?? null}
      groupBuy={state?.groupBuy}
      key={params.get('tradeContractId') ?? 'cart'}
    />
  );
}

function Checkout({
  entries,
  initialAddressId,
  groupBuy,
}: {
  entries: CheckoutEntry[];
  initialAddressId: string | null;
  groupBuy?: GroupBuyChoice;
}) {
  const { t } = useTranslation();
  const { countryName } = useCountryName();
  const fmt = useMoney();
  const navigate = useNavigate();
  const site = useSite();
  const { data: session } = useSession();
  const registered = isLoggedIn(session);
  const { data: saved, isLoading: addressesLoading } = useAddresses(registered);
  const useForm = !registered || (saved !== undefined && saved.length === 0);
  // The address fields load with the preview when the buyer will type an address in.
  useEffect(() => {
    if (useForm) preloadAddressFields();
  }, [useForm]);

  // The quick quiz has its own section (validated below), not a field of this form.
  // Addresses typed here are for this order only: the typed-address rules (no gender, optional second line).
  const shippingForm = useAddressForm(null, 'SHIPPING', { quickQuizElsewhere: true, typed: true });
  const billingForm = useAddressForm(null, 'BILLING', { typed: true });
  const [chosenId, setChosenId] = useState<string | null>(initialAddressId);
  // Until the buyer picks one, the default saved address (else the first) is the order's. Worked
  // out in the render, not set by an effect after it: the first preview asks with it, instead of
  // asking once without an address and again with it (two reads and the whole form drawn twice).
  const selectedId = chosenId ?? (saved?.find((a) => a.isDefault) ?? saved?.[0])?.id ?? null;
  const [billingSame, setBillingSame] = useState(true);
  const [choices, setChoices] = useState<Record<string, string>>({});
  const [pickupStoreId, setPickupStoreId] = useState<string | null>(null);
  const [couponIds, setCouponIds] = useState<string[] | undefined>(undefined);
  const [noPlatform, setNoPlatform] = useState(false);
  const [codes, setCodes] = useState<string[]>([]);
  const [usePoints, setUsePoints] = useState(false);
  const [couponsOpen, setCouponsOpen] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const [requirements, setRequirements] = useState('');
  const [extras, setExtrasState] = useState<Extras>({
    hearFrom: '',
    hearFromInput: '',
    inviteCode: '',
    smsSubscribe: false,
    emailSubscribe: false,
    privacyAgreed: false,
    notifyType: 'email',
    notifyAreaCode: '',
    notifyContact: session?.user?.email ?? '',
    deliveryDay: '',
    deliveryTime: '',
    remarks: {},
  });
  const setExtras = (p: Partial<Extras>) => setExtrasState((e) => ({ ...e, ...p }));
  const [step, setStep] = useState(0);
  const [result, setResult] = useState<OrderResult | null>(null);
  const [tip, setTip] = useState<string[] | null>(null);
  /** Set by a Continue that found problems: from then on each section shows its own error at its field. */
  const [attempted, setAttempted] = useState(false);
  const stepRef = useRef<HTMLDivElement>(null);
  // VAT sites: a VAT invoice asked for with the order (buyerSelectedInvoiceList), its details checked on Continue and kept for the submit.
  const [invoiceWanted, setInvoiceWanted] = useState(false);
  const invoiceRef = useRef<CheckoutInvoiceHandle>(null);
  const invoiceBody = useRef<VatInvoiceRequestBody | null>(null);
  const [invoiceSaved, setInvoiceSaved] = useState<VatInvoiceRequestBody | null>(null);
  const [notice, setNotice] = useState<{ content: string; back: boolean } | null>(null);
  const [blockedUntil, setBlockedUntil] = useState(0);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const subscribed = useRef(false);

  // The typed address reaches the preview after a pause (SPEC §9: 1000 ms form debounce).
  const [shipValues] = useDebouncedValue(shippingForm.values, 1000);
  const [billValues] = useDebouncedValue(billingForm.values, 1000);
  // A typed address already has an email: order emails go there, the buyer is not asked twice.
  const emailFromAddress = useForm && extras.notifyType === 'email';
  const notifyContact = (emailFromAddress ? shippingForm.values.email : extras.notifyContact).trim();

  const addressBody = useCallback(
    (v: typeof shipValues) => ({
      ...toBody(v, 'SHIPPING'),
      hearFrom: extras.hearFrom || undefined,
      hearFromInput: extras.hearFrom === 'other' ? extras.hearFromInput || undefined : undefined,
    }),
    [extras.hearFrom, extras.hearFromInput],
  );
  const previewBody: PreviewBody | null = useMemo(() => {
    if (!useForm && !selectedId && registered && addressesLoading) return null;
    return {
      orderSource: groupBuy ? 'BUY_NOW' : 'CART',
      ...(groupBuy && { groupBuy }),
      previewTradeContractLineReqTOList: entries.map((e) => ({ skuId: e.skuId, qty: e.qty, cartLineId: e.cartLineId })),
      selectedAddress: useForm ? addressBody(shipValues) : selectedId ? { id: selectedId } : undefined,
      billingAddress: billingSame ? undefined : toBody(billValues, 'BILLING'),
      preCalShippingList: Object.entries(choices).map(([shopId, shippingMethodId]) => ({ shopId, shippingMethodId })),
      ...(pickupStoreId && { pickUpStoreId: pickupStoreId }),
      promotionCodeList: codes,
      ...(couponIds && { couponIds }),
      noUsePlatformCoupon: noPlatform,
      enablePointDeduction: usePoints,
    };
  }, [
    useForm,
    selectedId,
    registered,
    addressesLoading,
    entries,
    groupBuy,
    shipValues,
    billValues,
    billingSame,
    choices,
    pickupStoreId,
    codes,
    couponIds,
    noPlatform,
    usePoints,
    addressBody,
  ]);
  const previewQuery = usePreview(previewBody);
  const preview = previewQuery.data;
  const submit = useSubmitOrder();
  const exceed = useExceedRequest();

  // A 429 before anything loaded: wait, then back to the cart (SPEC §4).
  const [waitLeft, setWaitLeft] = useState<number | null>(null);
  useEffect(() => {
    const err = previewQuery.error;
    if (!preview && err instanceof ApiError && err.status === 429 && waitLeft === null) setWaitLeft(RATE_LIMIT_WAIT_S);
  }, [previewQuery.error, preview, waitLeft]);
  useEffect(() => {
    if (waitLeft === null) return;
    if (waitLeft <= 0) {
      void navigate('/cart', { replace: true });
      return;
    }
    const id = setTimeout(() => setWaitLeft((w) => (w ?? 1) - 1), 1000);
    return () => clearTimeout(id);
  }, [waitLeft, navigate]);

  // Ids and codes the server dropped are dropped here too.
  const uselessCodes = useMemo(() => preview?.uselessPromotionCode ?? [], [preview?.uselessPromotionCode]);
  const lastCodeError = useRef<string | null>(null);
  useEffect(() => {
    const bad = uselessCodes.find((u) => codes.includes(u.code));
    if (bad && lastCodeError.current !== bad.code) {
      lastCodeError.current = bad.code;
      setCodes((c) => c.filter((x) => x !== bad.code));
    }
  }, [uselessCodes, codes]);

  if (waitLeft !== null) {
    return (
      <Center py="xl">
        <Alert color="orange" title={t('errors.Common.tooManyRequests')}>
          {t('checkout.waiting', { seconds: waitLeft })}
        </Alert>
      </Center>
    );
  }
  if (!preview) {
    if (previewQuery.error) {
      return (
        <Center py="xl">
          <Alert color="red">
            {errorMessage(t, previewQuery.error)}{' '}
            <Button variant="subtle" onClick={() => navigate('/cart')}>
              {t('cart.title')}
            </Button>
          </Alert>
        </Center>
      );
    }
    return <PageLoading />;
  }

  const methodOf = (o: PreviewResult['renderTradeOrderTOList'][number]) =>
    o.shippingMethods.find((m) => m.shippingMethodId === (choices[o.shopId] ?? o.selectedShippingMethodId));
  const noPayment = Number(preview.needPayAmt.value) === 0;
  const platformLimited = preview.availablePlatformCouponList.some((c) => c.selected && c.useLimit);

  /**
   * SPEC §5 checks of the sections outside the address forms, in screen order. Each is shown at
   * its field once the buyer pressed Continue, and all of them are listed in the tip.
   */
  const sectionErrors = (() => {
    const e: {
      quiz?: string;
      quizInput?: string;
      notify?: string;
      privacy?: string;
      delivery?: { field: 'day' | 'time'; message: string };
      shipping: Record<string, string>;
    } = { shipping: {} };
    // An order request asks it too: the shipping address it is sent with is checked as at submit.
    if (site.features.quickQuiz) {
      if (!extras.hearFrom) e.quiz = t('checkout.tip.quickQuiz');
      else if (extras.hearFrom === 'other' && !extras.hearFromInput.trim())
        e.quizInput = t('checkout.tip.quickQuizOther');
    }
    for (const o of preview.renderTradeOrderTOList) {
      const m = methodOf(o);
      if (!m || !m.canSelect) e.shipping[o.shopId] = t('checkout.tip.shippingMethod');
      else if (m.shippingMethodCode === 'PICKUP' && !o.pickupStores.some((st) => st.id === pickupStoreId))
        e.shipping[o.shopId] = t('checkout.pickup.required');
    }
    // The typed address's own email field reports its problems; only a separate contact is checked here.
    if (!emailFromAddress) {
      if (!notifyContact) e.notify = t('checkout.tip.notify');
      else if (extras.notifyType === 'email' && (!EMAIL_PATTERN.test(notifyContact) || notifyContact.length >= 255))
        e.notify = t('validation.email');
      else if (
        extras.notifyType === 'phone' &&
        (!/^\+?\d{1,4}$/.test(extras.notifyAreaCode.trim()) || !/^\d{5,15}$/.test(notifyContact.replace(/[\s-]/g, '')))
      )
        e.notify = t('validation.phone');
    }
    // The server's rule: a day or slot the site offers (a page left open past midnight in Tokyo no longer offers its first day).
    const delivery = deliveryChoiceProblem(
      site,
      { deliveryDay: extras.deliveryDay, deliveryTime: extras.deliveryTime },
      new Date(),
    );
    if (delivery)
      e.delivery = {
        field: delivery.code === 'Checkout.deliveryTimeNotOffered' ? 'time' : 'day',
        message: t(`errors.${delivery.code}`),
      };
    if (site.features.privacyPolicy && !extras.privacyAgreed) e.privacy = t('checkout.tip.privacy');
    return e;
  })();
  const shownErrors = attempted ? sectionErrors : { shipping: {} as Record<string, string> };

  /** "Shipping address: First name, Street and house number" for the tip. */
  const addressProblem = (section: string, errors: Record<string, unknown>) => {
    const fields = [...new Set(Object.keys(errors).map((k) => ADDRESS_FIELD_LABELS[k] ?? 'address.detail'))].map((k) =>
      t(k),
    );
    return t('checkout.tip.fieldsOf', { section, fields: fields.join(', ') });
  };

  /** Every problem of step 0 in screen order; each one is also shown at its field. */
  const validate = (): string[] => {
    const problems: string[] = [];
    if (useForm) {
      const r = shippingForm.validate();
      if (r.hasErrors) problems.push(addressProblem(t('checkout.shippingAddress'), r.errors));
    } else if (!selectedId) problems.push(t('checkout.tip.shippingAddress'));
    const e = sectionErrors;
    if (e.notify) problems.push(e.notify);
    if (e.quiz ?? e.quizInput) problems.push((e.quiz ?? e.quizInput)!);
    if (!billingSame) {
      const r = billingForm.validate();
      if (r.hasErrors) problems.push(addressProblem(t('checkout.billingAddress'), r.errors));
    }
    if (invoiceWanted) {
      invoiceBody.current = invoiceRef.current?.validate() ?? null;
      setInvoiceSaved(invoiceBody.current);
      if (!invoiceBody.current) problems.push(t('orders.vatInvoice.form.checkoutProblem'));
    }
    for (const msg of new Set(Object.values(e.shipping))) problems.push(msg);
    if (e.delivery) problems.push(e.delivery.message);
    if (e.privacy) problems.push(e.privacy);
    if (certificateMissing(preview)) problems.push(t('crossBorder.certificateNeeded'));
    return problems;
  };

  /** After the tip: the first field with an error gets the focus (and scrolls into view). */
  const focusFirstInvalid = () => {
    const el = stepRef.current?.querySelector<HTMLElement>(
      '[aria-invalid="true"], [data-invalid="true"] input:not([disabled])',
    );
    el?.focus();
    el?.scrollIntoView({ block: 'center' });
  };

  const submitBody = (): SubmitBody => ({
    ...previewBody!,
    selectedAddress: useForm ? addressBody(shippingForm.values) : { id: selectedId! },
    billingAddress: billingSame ? undefined : toBody(billingForm.values, 'BILLING'),
    preCalShippingList: preview.renderTradeOrderTOList.map((o) => ({
      shopId: o.shopId,
      shippingMethodId: methodOf(o)!.shippingMethodId,
    })),
    tradeOrderReqList: preview.renderTradeOrderTOList.map((o) => ({
      shopId: o.shopId,
      sellerId: o.sellerId,
      ...(extras.remarks[o.shopId]?.trim() && { remark: extras.remarks[o.shopId]!.trim() }),
      // The US site sends line details along (SPEC §3 Submit payload).
      ...(site.features.submitLineDetails && {
        lines: o.lines.map((l) => ({
          shopSkuId: l.skuId,
          tradeQty: l.qty,
          itemName: l.item.itemName,
          skuName: l.sku.name,
          price: l.unitPrice.value,
          itemImage: l.sku.image,
          itemUrlKey: l.item.urlKey,
          category: l.item.category,
        })),
      }),
    })),
    notifyInfo: {
      notifyType: extras.notifyType,
      contactInfo: notifyContact,
      ...(extras.notifyType === 'phone' && { areaCode: extras.notifyAreaCode.trim() }),
    },
    ...(site.features.quickQuiz &&
      extras.hearFrom && {
        hearFrom: extras.hearFrom as SubmitBody['hearFrom'],
        ...(extras.hearFrom === 'other' && { hearFromInput: extras.hearFromInput.trim() }),
      }),
    ...(extras.inviteCode.trim() && { inviteCode: extras.inviteCode.trim() }),
    ...(pickupStoreId && {
      pickUpStoreSnapShot: preview.renderTradeOrderTOList
        .flatMap((o) => o.pickupStores)
        .find((s) => s.id === pickupStoreId),
    }),
    ...(site.features.deliveryDayTime &&
      (extras.deliveryDay || extras.deliveryTime) && {
        shippingTimeInfo: {
          ...(extras.deliveryDay && { deliveryDay: extras.deliveryDay }),
          ...(extras.deliveryTime && { deliveryTime: extras.deliveryTime }),
        },
      }),
    privacyAgreed: extras.privacyAgreed,
    smsSubscribe: extras.smsSubscribe,
    ...(invoiceWanted && invoiceBody.current && { buyerSelectedInvoiceList: [invoiceBody.current] }),
    needPayAmt: preview.needPayAmt.value,
    shippingAmt: preview.shippingAmt.value,
    totalTaxAmt: preview.totalTaxAmt.value,
  });

  // The subscription boxes become subscriptions once the order exists (never more than once per page).
  const subscribeChosen = () => {
    if (subscribed.current) return;
    subscribed.current = true;
    const addr = useForm ? shippingForm.values : saved?.find((a) => a.id === selectedId);
    subscribeAfterCheckout({
      email: addr?.email?.trim() || (extras.notifyType === 'email' ? notifyContact : '') || null,
      name: addr?.firstName?.trim() || undefined,
      mobile: addr?.personPhone ? `${addr.areaCode ?? ''}${addr.personPhone}` : null,
      country: site.countryCode,
      byEmail: site.features.emailSubscribe && extras.emailSubscribe,
      bySms: site.features.smsSubscribe && extras.smsSubscribe,
    });
  };

  const doSubmit = () => {
    if (submit.isPending || Date.now() < blockedUntil) return;
    submit.mutate(
      { body: submitBody(), key: idempotencyKey, crossBorder: !!preview.crossBorder },
      {
        onSuccess: (r) => {
          subscribeChosen();
          if (r.isFreeTrade) {
            void navigate(
              `/buyer/pay-result?status=success&contractId=${r.id}&buyerId=${r.buyerId}&totalAmt=${r.totalAmt.value}&isPoint=${preview.actualNeedPayPoints > 0}`,
              { replace: true },
            );
            return;
          }
          setResult(r);
          setStep(2);
        },
        onError: (e) => {
          if (e instanceof ApiError && (e.code === 'Trade.itemSoldOut' || e.code === 'Trade.priceChanged')) {
            notifications.show({ color: 'orange', message: t(`errors.${e.code}`) });
            void navigate('/cart');
          } else if (e instanceof ApiError && e.status === 429) {
            setBlockedUntil(Date.now() + RATE_LIMIT_SUBMIT_DELAY_MS);
            setTimeout(() => setBlockedUntil(0), RATE_LIMIT_SUBMIT_DELAY_MS);
          } else if (isVatIdError(e))
            setTip([vatIdMessage(t, countryName, e.code, e.details, invoiceBody.current?.billingAddress.country)]);
          else setTip([errorMessage(t, e)]);
        },
      },
    );
  };

  /** The order is created once (same Idempotency-Key on every try), then paid. */
  const ensureContract = async () => {
    if (result) return result;
    try {
      const r = await submit.mutateAsync({
        body: submitBody(),
        key: idempotencyKey,
        crossBorder: !!preview.crossBorder,
      });
      setResult(r);
      subscribeChosen();
      // Coming back here (browser Back from the provider's page) must not create a second order:
      // the entry remembers its contract, and the page then sends the buyer to pay that one.
      const h = window.history.state as { usr?: Record<string, unknown> } | null;
      window.history.replaceState({ ...h, usr: { ...(h?.usr ?? {}), createdContractId: r.id } }, '');
      return r;
    } catch (e) {
      if (e instanceof ApiError && (e.code === 'Trade.itemSoldOut' || e.code === 'Trade.priceChanged')) throw e;
      if (e instanceof ApiError && e.status === 429) throw e;
      setTip([errorMessage(t, e)]);
      return null;
    }
  };

  /**
   * A typed address is checked with the server's schema, fetched once address fields show: a
   * Continue in the moment before it arrives waits for it, so an empty form is never let through
   * to the payment step (offline, the server's own check on submit stands).
   */
  const addressSchemaReady = async () => {
    if ((useForm || !billingSame) && !addressSchemas.current()) await addressSchemas.load().catch(() => undefined);
  };

  const onContinue = async () => {
    if (!preview.buyCanBuyTO.canBuy) {
      setNotice({
        content: preview.buyCanBuyTO.content ?? t('checkout.cannotBuy'),
        back: preview.buyCanBuyTO.operation === 0,
      });
      return;
    }
    await addressSchemaReady();
    const problems = validate();
    if (problems.length) {
      setAttempted(true);
      setTip(problems);
      return;
    }
    // Points-only orders with nothing to pay skip the payment step.
    if (noPayment) doSubmit();
    else {
      void loadPayment();
      setStep(1);
    }
  };

  const onExceed = async () => {
    if (exceed.isPending) return;
    await addressSchemaReady();
    if (useForm) {
      const r = shippingForm.validate();
      if (r.hasErrors) {
        setTip([addressProblem(t('checkout.shippingAddress'), r.errors)]);
        return;
      }
    } else if (!selectedId) {
      setTip([t('checkout.tip.shippingAddress')]);
      return;
    }
    const quiz = useForm ? (sectionErrors.quiz ?? sectionErrors.quizInput) : undefined;
    if (quiz) {
      setAttempted(true);
      setTip([quiz]);
      return;
    }
    exceed.mutate(
      {
        body: {
          ...previewBody!,
          selectedAddress: useForm ? addressBody(shippingForm.values) : { id: selectedId! },
          ...(requirements.trim() && { requirements: requirements.trim() }),
        },
        key: idempotencyKey,
      },
      {
        onSuccess: (r) => void navigate('/order-process', { state: { requestId: r.id, entries } }),
        onError: (e) => setTip([errorMessage(t, e)]),
      },
    );
  };

  const busy = submit.isPending || previewQuery.isFetching;
  const blocked = Date.now() < blockedUntil || !preview.buyCanBuyTO.canBuy;
  const action = preview.isExceed ? (
    <Button fullWidth size="md" onClick={onExceed} loading={exceed.isPending} data-testid="send-request">
      {t('checkout.exceed.send')}
    </Button>
  ) : step === 0 ? (
    <Button
      fullWidth
      size="md"
      onClick={onContinue}
      onPointerEnter={preloadNextStep}
      onFocus={preloadNextStep}
      disabled={blocked}
      loading={submit.isPending}
      data-testid="continue"
    >
      {t(noPayment ? 'checkout.submitOrder' : 'checkout.continue')}
    </Button>
  ) : null;

  return (
    <Container size="lg" py="md" pb={{ base: 120, sm: 'md' }}>
      <Title order={1} size="h2" mb="md">
        {t('checkout.title')}
      </Title>
      <Steps
        active={step}
        labels={[t('checkout.step.fill'), ...(noPayment ? [] : [t('checkout.step.pay')]), t('checkout.step.done')]}
      />
      {step === 2 && result ? (
        <Submitted result={result} />
      ) : (
        <Columns widths={[8, 4]} from="md" gap="lg">
          <div>
            {step === 0 ? (
              <Stack ref={stepRef}>
                {!preview.isExceed && (
                  <CountdownBanner country={site.countryCode} onPrize={() => setCodes(['PRIZE20'])} />
                )}
                <CannotBuyAlert preview={preview} />
                <CrossBorderSection preview={preview} registered={registered} />
                <ShippingAddressSection
                  saved={saved}
                  selectedId={selectedId}
                  onSelect={setChosenId}
                  form={shippingForm}
                  useForm={useForm}
                  serverError={previewQuery.error ?? submit.error}
                  onAddOnPage={() =>
                    navigate('/buyer/create-address?target=/checkout', { state: { from: 'cart', entries } })
                  }
                />
                {preview.isExceed ? (
                  <>
                    {site.features.quickQuiz && useForm && (
                      <QuickQuizSection
                        extras={extras}
                        set={setExtras}
                        error={shownErrors.quiz}
                        inputError={shownErrors.quizInput}
                      />
                    )}
                    <RequirementsBox value={requirements} onChange={setRequirements} />
                    <ItemsSection
                      preview={preview}
                      remarks={extras.remarks}
                      onRemark={(shopId, v) => setExtras({ remarks: { ...extras.remarks, [shopId]: v } })}
                    />
                  </>
                ) : (
                  <>
                    <NotifySection
                      extras={extras}
                      set={setExtras}
                      addressEmail={useForm ? shippingForm.values.email.trim() : null}
                      error={shownErrors.notify}
                    />
                    {site.features.quickQuiz && (
                      <QuickQuizSection
                        extras={extras}
                        set={setExtras}
                        error={shownErrors.quiz}
                        inputError={shownErrors.quizInput}
                      />
                    )}
                    <InviteCodeSection extras={extras} set={setExtras} />
                    <BillingSection
                      same={billingSame}
                      onSame={setBillingSame}
                      form={billingForm}
                      shippingValues={() => (useForm ? { ...shippingForm.values } : null)}
                    />
                    {site.taxDisplay === 'INCLUSIVE' && (
                      <CheckoutInvoiceOption
                        ref={invoiceRef}
                        checked={invoiceWanted}
                        onChange={setInvoiceWanted}
                        defaultCountry={site.countryCode}
                        saved={invoiceSaved}
                      />
                    )}
                    <ShippingMethodSection
                      preview={preview}
                      choices={choices}
                      pickupStoreId={pickupStoreId}
                      errors={shownErrors.shipping}
                      onChoose={(shopId, id) => setChoices((c) => ({ ...c, [shopId]: id }))}
                      onPickupStore={(s) => setPickupStoreId(s.id)}
                    />
                    <DeliveryTimeSection
                      preview={preview}
                      extras={extras}
                      set={setExtras}
                      error={shownErrors.delivery}
                    />
                    <PrivacySection
                      extras={extras}
                      set={setExtras}
                      error={shownErrors.privacy}
                      onTerms={site.features.deliveryDayTime ? () => setTermsOpen(true) : undefined}
                    />
                    <ItemsSection
                      preview={preview}
                      remarks={extras.remarks}
                      onRemark={(shopId, v) => setExtras({ remarks: { ...extras.remarks, [shopId]: v } })}
                    />
                  </>
                )}
              </Stack>
            ) : (
              <Paper withBorder p="md" data-testid="payment-step">
                <Title order={2} size="h4" mb="sm">
                  {t('checkout.step.pay')}
                </Title>
                {preview.presaleDepositAmt && (
                  <Text size="sm" c="grape" mb="sm" data-testid="deposit-due">
                    {t('payment.depositNow', { amount: fmt(preview.presaleDepositAmt) })}
                  </Text>
                )}
                <Suspense fallback={<PartLoading />}>
                  <PaymentSection
                    isPoint={preview.actualNeedPayPoints > 0}
                    amount={preview.presaleDepositAmt ?? preview.needPayAmt}
                    ensureContract={ensureContract}
                    onBack={result ? undefined : () => setStep(0)}
                  />
                </Suspense>
              </Paper>
            )}
          </div>
          {/* Beside the form from 'md' on, in view. */}
          <div>
            <Box pos="sticky" top={16}>
              <OrderSummary
                preview={preview}
                usePoints={usePoints}
                onPoints={setUsePoints}
                onCoupons={() => setCouponsOpen(true)}
                promo={
                  !preview.isExceed && step === 0 ? (
                    <PromotionCodeBox
                      applied={codes.filter((c) => preview.promotionCodeList.includes(c))}
                      useless={uselessCodes}
                      blocked={platformLimited}
                      onApply={(c) => {
                        lastCodeError.current = null;
                        setCodes([c]);
                      }}
                      onRemove={() => setCodes([])}
                    />
                  ) : null
                }
                action={<Box visibleFrom="sm">{action}</Box>}
              />
              {busy && (
                <Text size="xs" c="dimmed" mt={4} aria-live="polite">
                  {t('checkout.updating')}
                </Text>
              )}
            </Box>
          </div>
        </Columns>
      )}
      {step === 0 && (
        <Paper
          hiddenFrom="sm"
          withBorder
          shadow="md"
          p="sm"
          pos="fixed"
          bottom={0}
          left={0}
          right={0}
          radius={0}
          style={{ zIndex: 10 }}
          data-testid="mobile-footer"
        >
          <Group justify="space-between" wrap="nowrap" mb="xs">
            <Text size="sm">{t('checkout.summary.total')}</Text>
            <Text fw={700}>{fmt(preview.needPayAmt)}</Text>
          </Group>
          {action}
        </Paper>
      )}
      <CouponModal
        opened={couponsOpen}
        onClose={() => setCouponsOpen(false)}
        coupons={preview.availableCouponList}
        onChoose={(ids, none) => {
          setCouponIds(ids);
          setNoPlatform(none);
        }}
      />
      {/* Focus goes to the first field with an error when the tip closes, not back to the button. */}
      <LazyModal
        opened={!!tip}
        onClose={() => {
          setTip(null);
          setTimeout(focusFirstInvalid, 0);
        }}
        returnFocus={false}
        title={t('checkout.tip.title')}
        centered
      >
        <Stack gap={4} data-testid="tip-message">
          {tip?.map((m) => (
            <Text key={m}>{m}</Text>
          ))}
        </Stack>
        <Group justify="flex-end" mt="md">
          <Button
            onClick={() => {
              setTip(null);
              setTimeout(focusFirstInvalid, 0);
            }}
          >
            {t('common.ok')}
          </Button>
        </Group>
      </LazyModal>
      <LazyModal opened={!!notice} onClose={() => setNotice(null)} title={t('checkout.notice')} centered>
        <Text>{notice?.content}</Text>
        <Group justify="flex-end" mt="md">
          <Button
            onClick={() => {
              const back = notice?.back;
              setNotice(null);
              if (back) void navigate(-1);
            }}
          >
            {t(notice?.back ? 'checkout.return' : 'common.ok')}
          </Button>
        </Group>
      </LazyModal>
      <LazyModal opened={termsOpen} onClose={() => setTermsOpen(false)} title={t('checkout.termsOfUse')} centered>
        <Stack gap="xs">
          {(t('checkout.jpTerms', { returnObjects: true }) as string[]).map((p) => (
            <Text key={p} size="sm">
              {p}
            </Text>
          ))}
        </Stack>
      </LazyModal>
    </Container>
  );
}

/** The checkout's progress: `labels` in a row, `active` the current one; not a way between steps. */
function Steps({ active, labels }: { active: number; labels: string[] }) {
  return (
    <Stepper active={active} size="sm" allowNextStepsSelect={false} mb="lg">
      {labels.map((label) => (
        <Stepper.Step key={label} label={label} />
      ))}
    </Stepper>
  );
}

function Submitted({ result }: { result: OrderResult }) {
  const { t } = useTranslation();
  const contract = useContract(result.id);
  const fmt = useMoney();
  const navigate = useNavigate();
  return (
    <Paper withBorder p="lg" data-testid="order-submitted">
      <Stack>
        <Title order={2} size="h3">
          {t('checkout.submitted.title')}
        </Title>
        <Text>{t('checkout.submitted.text', { amount: fmt(result.needPayAmt) })}</Text>
        {contract.data && (
          <Suspense fallback={<PartLoading />}>
            <ContractOrders orders={contract.data.tradeOrderList} email={contract.data.email} />
          </Suspense>
        )}
        <Group>
          <Button onClick={() => navigate('/buyer/orders')}>{t('buyer.menu.orders')}</Button>
          <Button variant="default" onClick={() => navigate('/')}>
            {t('cart.goShopping')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /checkout?tradeContractId=: confirm and pay what is due on an existing contract (e.g. a presale balance). */
function ContractCheckout({ contractId }: { contractId: string }) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const { data, isLoading, error } = useContract(contractId);
  // The payment section is fetched while the contract loads, not after.
  useEffect(() => {
    void loadPayment();
  }, []);
  if (isLoading) return <PageLoading />;
  if (error || !data) return <Navigate to="/cart" replace />;
  const balanceClosed =
    data.presale?.stage === 'BALANCE' && Date.now() < Date.parse(data.presale.balancePaymentStartTime);
  // A bulk order (agreed through an order request) confirms its addresses and items here first.
  const bulkOrder = data.tradeOrderList.find((o) => o.tradeOrderType === 'BULK');
  return (
    <Container size="md" py="md">
      <Title order={1} size="h2" mb="md">
        {t('checkout.title')}
      </Title>
      <Steps
        active={data.status === 'PAID' ? 2 : 1}
        labels={[t('checkout.step.fill'), t('checkout.step.pay'), t('checkout.step.done')]}
      />
      {bulkOrder && (
        <Box mb="md">
          <Suspense fallback={<PartLoading />}>
            <BulkConfirmPay orderId={bulkOrder.id} />
          </Suspense>
        </Box>
      )}
      <Paper withBorder p="md" data-testid="contract-checkout">
        <Stack>
          {data.tradeOrderList.map((o) => (
            <Group key={o.id} justify="space-between">
              <Text size="sm">
                {o.shopName} · {o.tradeOrderCode}
              </Text>
              <Text size="sm">{fmt(o.needPayAmt)}</Text>
            </Group>
          ))}
          <Text fw={600}>{t('payment.amountDue', { amount: fmt(data.stageAmt) })}</Text>
          {data.presale && (
            <Text size="sm" c="grape">
              {t(`payment.presaleStage.${data.presale.stage}`)}
            </Text>
          )}
          {balanceClosed ? (
            <Text c="orange">
              {t('payment.balanceBegins', { date: new Date(data.presale!.balancePaymentStartTime).toLocaleString() })}
            </Text>
          ) : (
            data.status === 'PENDING_PAY' && (
              <Suspense fallback={<PartLoading />}>
                <PaymentSection
                  isPoint={data.isPoint}
                  amount={data.stageAmt}
                  ensureContract={async () => ({ id: data.id, payUniqueKey: data.payUniqueKey })}
                />
              </Suspense>
            )
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
