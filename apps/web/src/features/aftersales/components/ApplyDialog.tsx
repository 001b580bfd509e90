/**
 * "Apply for after-sales" from an order (SPEC §4 "Order operations", apply dialog): the buyer
 * picks the type and the lines, then goes on to the apply page. Only lines with a cancelable
 * (cancel before delivery) or reversible quantity are listed; gifts and DIY parts show under
 * their main line; lines already in an after-sales are checked and disabled; cancel before
 * delivery takes every listed line without a choice.
 */
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Group, Modal, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ApplyType } from '@mall/contracts';
import { usePhoneAfterMount } from '../../../shared/usePhoneAfterMount';
import { useRenderApply } from '../api/renderApply';
import { ApplyLineItem } from './ApplyLineItem';
import { APPLY_TYPE_ORDER, hasQty, isListedGroup, lineMax, typeKey } from './labels';
import { LoadError } from './States';

export function ApplyDialog({
  orderId,
  opened,
  onClose,
  preferredType,
}: {
  orderId: string;
  opened: boolean;
  onClose: () => void;
  preferredType?: ApplyType;
}) {
  const { t } = useTranslation();
  const mobile = usePhoneAfterMount();
  const navigate = useNavigate();
  const render = useRenderApply({ tradeOrderId: orderId }, opened);
  const types = useMemo(
    () => APPLY_TYPE_ORDER.filter((x) => render.data?.availableReverseTypes.includes(x)),
    [render.data],
  );
  const [type, setType] = useState<ApplyType | null>(null);
  const [picked, setPicked] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!types.length) return;
    if (!type || !types.includes(type))
      setType(preferredType && types.includes(preferredType) ? preferredType : types[0]!);
  }, [types, type, preferredType]);
  useEffect(() => {
    if (!opened) {
      setPicked([]);
      setError(null);
    }
  }, [opened]);

  const lines = (render.data?.reverseTradeOrderLineList ?? [])
    .filter(isListedGroup)
    .filter((l) => l.inAfterSales || hasQty(lineMax(l, type)));
  const cancel = type === 'SALE_CANCEL_BEFORE_DELIVERY';
  const free = lines.filter((l) => !l.inAfterSales);
  const chosen = cancel ? free.map((l) => l.id) : picked.filter((id) => free.some((l) => l.id === id));

  const next = () => {
    if (!type) return;
    if (!chosen.length) {
      setError(t('aftersales.apply.selectOne'));
      return;
    }
    const q = new URLSearchParams({ tradeOrderId: orderId, tradeOrderLineId: chosen.join(','), asType: type });
    onClose();
    void navigate(`/buyer/as-apply?${q}`);
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('aftersales.apply.dialogTitle')}
      size="lg"
      fullScreen={mobile}
      data-testid="apply-dialog"
    >
      {render.isLoading ? (
        <Stack gap="sm" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton h={24} w="60%" />
          <Skeleton h={80} />
          <Skeleton h={80} />
        </Stack>
      ) : render.error ? (
        <LoadError error={render.error} onRetry={() => void render.refetch()} />
      ) : !types.length ? (
        <Alert color="gray" data-testid="apply-none">
          {t('aftersales.apply.nothingToApply')}
        </Alert>
      ) : (
        <Stack gap="md">
          <Radio.Group
            label={t('aftersales.apply.typeLabel')}
            value={type ?? ''}
            onChange={(v) => {
              setType(v as ApplyType);
              setError(null);
            }}
            withAsterisk
          >
            <Stack gap="xs" mt="xs">
              {types.map((x) => (
                <Radio
                  key={x}
                  value={x}
                  label={t(typeKey(x))}
                  description={t(`aftersales.typeHint.${x}`)}
                  data-testid={`apply-type-${x}`}
                />
              ))}
            </Stack>
          </Radio.Group>
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              {cancel ? t('aftersales.apply.cancelLines') : t('aftersales.apply.pickLines')}
            </Text>
            {lines.length === 0 && (
              <Text size="sm" c="gray.7">
                {t('aftersales.apply.noLinesForType')}
              </Text>
            )}
            {lines.map((l) => (
              <ApplyLineItem
                key={l.id}
                line={l}
                max={lineMax(l, type)}
                imageSize={56}
                checked={l.inAfterSales || chosen.includes(l.id)}
                disabled={l.inAfterSales || cancel}
                onToggle={(on) => {
                  setError(null);
                  setPicked((p) => (on ? [...p, l.id] : p.filter((x) => x !== l.id)));
                }}
              />
            ))}
          </Stack>
          <Text
            size="sm"
            c="red.8"
            role="alert"
            aria-live="assertive"
            data-testid="apply-dialog-error"
            mih={error ? undefined : 0}
          >
            {error}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button onClick={next} disabled={!lines.length} data-testid="apply-next">
              {t('aftersales.apply.next')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
