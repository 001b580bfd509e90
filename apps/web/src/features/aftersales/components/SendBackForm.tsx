/**
 * Return shipping (SPEC §2 send-back, §4, §5): the logistics company (a bottom sheet on mobile,
 * a select on desktop), the tracking number (letters and digits, in the carrier's format where known), return mode
 * SELF_DELIVERY. The button is disabled while the request runs. Used by the send-back page
 * (mobile) and the detail page's modal (desktop).
 */
import { useRef, useState, type FormEvent, type RefObject } from 'react';
import {
  Box,
  Button,
  Drawer,
  Group,
  Input,
  Radio,
  ScrollArea,
  Select,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconCheck, IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Carrier, ReturnAddress } from '@mall/contracts';
import { checkTracking, trackingPlaceholder } from '../../../shared/tracking';
import { useCarriers } from '../api/carriers';
import { usePostBack } from '../api/postBack';
import { aftersalesError } from './labels';
import { ReturnAddressBlock } from './ReturnAddressBlock';

/** `sheet`: the phone page's form (the carrier list in a bottom sheet, the buttons sharing the row); else the detail's modal. */
export function SendBackForm({
  reverseId,
  returnAddress,
  sheet = false,
  onDone,
  onCancel,
}: {
  reverseId: string;
  returnAddress: ReturnAddress | null;
  sheet?: boolean;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const carriers = useCarriers();
  const postBack = usePostBack();
  const [carrierId, setCarrierId] = useState<string | null>(null);
  const [tracking, setTracking] = useState('');
  const [errors, setErrors] = useState<{ carrier?: string; tracking?: string }>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const carrierRef = useRef<HTMLButtonElement & HTMLInputElement>(null);
  const trackingRef = useRef<HTMLInputElement>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (postBack.isPending) return;
    setSubmitError(null);
    const next: typeof errors = {};
    if (!carrierId) next.carrier = t('aftersales.sendBack.carrierRequired');
    // Letters and digits, and the chosen carrier's own format where it has one (the server's schema).
    const parsed = checkTracking(
      t,
      carriers.data?.find((c) => c.id === carrierId),
      tracking,
      { required: 'aftersales.sendBack.trackingRequired', invalid: 'aftersales.sendBack.trackingInvalid' },
    );
    if (!parsed.ok) next.tracking = parsed.error;
    setErrors(next);
    // Keyboard and screen-reader users land on the first field to fix (its error is read with it).
    if (next.carrier) carrierRef.current?.focus();
    else if (next.tracking) trackingRef.current?.focus();
    if (next.carrier || next.tracking || !parsed.ok) return;
    // Through the promise, not mutate's callbacks: the success refetches the after-sales order,
    // which can unmount this form (no longer sendable) before mutate's onSuccess would run, and
    // TanStack Query drops those callbacks then; the buyer would stay on this page.
    postBack
      .mutateAsync({ id: reverseId, carrierId: carrierId!, trackingNumber: parsed.value })
      .then(onDone, (err: unknown) => setSubmitError(aftersalesError(t, err)));
  };

  const carrierError = errors.carrier ?? (carriers.error ? aftersalesError(t, carriers.error) : undefined);
  return (
    <form onSubmit={submit} noValidate data-testid="send-back-form">
      <Stack gap="md">
        {returnAddress && (
          <Box p="sm" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
            <Text size="sm" fw={600} mb={4}>
              {t('aftersales.detail.returnAddress')}
            </Text>
            <ReturnAddressBlock address={returnAddress} />
          </Box>
        )}
        {sheet ? (
          <CarrierSheet
            buttonRef={carrierRef}
            carriers={carriers.data ?? []}
            loading={carriers.isLoading}
            value={carrierId}
            error={carrierError}
            onChange={(id) => {
              setCarrierId(id);
              setErrors((x) => ({ ...x, carrier: undefined }));
            }}
          />
        ) : (
          <Select
            label={t('aftersales.sendBack.carrier')}
            placeholder={carriers.isLoading ? t('common.loading') : t('aftersales.sendBack.carrierPlaceholder')}
            data={(carriers.data ?? []).map((c) => ({ value: c.id, label: c.entityName }))}
            value={carrierId}
            searchable
            withAsterisk
            onChange={(v) => {
              setCarrierId(v);
              setErrors((x) => ({ ...x, carrier: undefined }));
            }}
            error={carrierError}
            nothingFoundMessage={t('aftersales.sendBack.noCarrier')}
            comboboxProps={{ withinPortal: true }}
            data-testid="carrier-select"
            ref={carrierRef}
          />
        )}
        <TextInput
          ref={trackingRef}
          label={t('aftersales.sendBack.tracking')}
          placeholder={trackingPlaceholder(
            t,
            carriers.data?.find((c) => c.id === carrierId),
            'aftersales.sendBack.trackingPlaceholder',
          )}
          withAsterisk
          value={tracking}
          maxLength={40}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          data-testid="tracking-input"
          onChange={(e) => {
            setTracking(e.currentTarget.value);
            setErrors((x) => ({ ...x, tracking: undefined }));
          }}
          error={errors.tracking}
        />
        <Text size="xs" c="gray.7">
          {t('aftersales.sendBack.selfDelivery')}
        </Text>
        <Text size="sm" c="red.8" role="alert" aria-live="assertive" data-testid="send-back-error">
          {submitError}
        </Text>
        <Group justify="flex-end" gap="sm" grow={sheet}>
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={postBack.isPending}>
              {t('common.cancel')}
            </Button>
          )}
          <Button
            type="submit"
            loading={postBack.isPending}
            disabled={postBack.isPending}
            data-testid="send-back-submit"
          >
            {t('aftersales.sendBack.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Mobile: a field that opens the carrier list as a bottom sheet. */
function CarrierSheet({
  carriers,
  loading,
  value,
  onChange,
  error,
  buttonRef,
}: {
  carriers: Carrier[];
  loading: boolean;
  value: string | null;
  onChange: (id: string) => void;
  error?: string;
  buttonRef: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const chosen = carriers.find((c) => c.id === value);
  return (
    <>
      <Input.Wrapper label={t('aftersales.sendBack.carrier')} withAsterisk error={error} id="carrier-sheet-field">
        <Input
          ref={buttonRef}
          component="button"
          type="button"
          pointer
          onClick={() => setOpen(true)}
          disabled={loading}
          error={!!error}
          aria-haspopup="dialog"
          aria-expanded={open}
          data-testid="carrier-sheet-button"
          aria-describedby={error ? 'carrier-sheet-field-error' : undefined}
          rightSection={<IconChevronDown size={16} aria-hidden />}
          rightSectionPointerEvents="none"
        >
          {chosen ? (
            chosen.entityName
          ) : (
            <Input.Placeholder>
              {loading ? t('common.loading') : t('aftersales.sendBack.carrierPlaceholder')}
            </Input.Placeholder>
          )}
        </Input>
      </Input.Wrapper>
      <Drawer
        opened={open}
        onClose={() => setOpen(false)}
        position="bottom"
        size="auto"
        title={t('aftersales.sendBack.carrier')}
        radius="md"
        styles={{ content: { maxHeight: '70vh' } }}
        data-testid="carrier-sheet"
      >
        <ScrollArea.Autosize mah="55vh">
          <Radio.Group
            value={value ?? ''}
            onChange={(v) => {
              onChange(v);
              setOpen(false);
            }}
            aria-label={t('aftersales.sendBack.carrier')}
          >
            <Stack gap={0}>
              {carriers.map((c) => (
                <UnstyledButton
                  key={c.id}
                  component="label"
                  py="sm"
                  px="xs"
                  style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                >
                  <Group justify="space-between" wrap="nowrap">
                    <Group gap="sm" wrap="nowrap">
                      <Radio value={c.id} aria-label={c.entityName} />
                      <Text size="sm">{c.entityName}</Text>
                    </Group>
                    {c.id === value && <IconCheck size={16} color="var(--mantine-color-blue-7)" aria-hidden />}
                  </Group>
                </UnstyledButton>
              ))}
              {!carriers.length && (
                <Text size="sm" c="gray.7" py="md">
                  {t('aftersales.sendBack.noCarrier')}
                </Text>
              )}
            </Stack>
          </Radio.Group>
        </ScrollArea.Autosize>
      </Drawer>
    </>
  );
}
