/**
 * The return address of each of the seller's shops (where buyers send returns and exchanges; a
 * return or exchange cannot be approved without it), and the dialog that edits one (ReturnAddressBody).
 */
import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBuildingStore, IconChevronDown, IconMapPin, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ReturnAddressBody, type ReturnAddress } from '@mall/contracts';
import { type ShopReturnAddress, useReturnAddresses, useSaveReturnAddress, useSellerAsError } from '../../api/seller';
import { formatAddress } from './SellerReverseCard';
import { usePhoneAfterMount } from '../../../../shared/usePhoneAfterMount';
import classes from './ReturnAddressSection.module.css';

export function ReturnAddressSection({ onEdit }: { onEdit: (shopId: string) => void }) {
  const { t } = useTranslation();
  const apiError = useSellerAsError();
  const shops = useReturnAddresses();
  const allSet = !!shops.data?.length && shops.data.every((s) => s.address);
  // On a phone the list matters most: addresses that are all set fold away behind one line
  // (the CSS module applies the fold below the sm breakpoint only; wider screens always show them).
  const [opened, setOpened] = useState(false);
  const folded = allSet && !opened;
  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'md' }}
      radius="md"
      component="section"
      aria-labelledby="return-addresses-title"
      data-testid="return-addresses"
      className={classes.section}
      data-folded={folded || undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <div>
            <Title order={2} size="h5" id="return-addresses-title">
              {t('sellerAfterSales.address.heading')}
            </Title>
            <Text size="sm" c="dimmed" className={classes.intro}>
              {t('sellerAfterSales.address.intro')}
            </Text>
            {allSet && (
              <Text size="sm" c="dimmed" className={classes.summary}>
                {t('sellerAfterSales.address.allSet', { count: shops.data!.length })}
              </Text>
            )}
          </div>
          {allSet && (
            <Button
              size="xs"
              variant="subtle"
              hiddenFrom="sm"
              onClick={() => setOpened((o) => !o)}
              aria-expanded={!folded}
              aria-controls="return-addresses-list"
              rightSection={<IconChevronDown size={14} style={{ transform: folded ? undefined : 'rotate(180deg)' }} />}
              style={{ flexShrink: 0 }}
            >
              {folded ? t('sellerAfterSales.address.show') : t('sellerAfterSales.address.hide')}
            </Button>
          )}
        </Group>
        {shops.isLoading ? (
          <Skeleton h={56} />
        ) : shops.isError ? (
          <Alert color="red" role="alert" p="xs">
            <Group justify="space-between" gap="xs">
              <Text size="sm">
                {t('sellerAfterSales.address.loadFailed')}: {apiError(shops.error)}
              </Text>
              <Button size="xs" variant="white" color="red" onClick={() => void shops.refetch()}>
                {t('seller.retry')}
              </Button>
            </Group>
          </Alert>
        ) : !shops.data?.length ? (
          <Text size="sm">{t('merchant.noShops')}</Text>
        ) : (
          <SimpleGrid
            cols={{ base: 1, md: shops.data.length > 1 ? 2 : 1 }}
            spacing="sm"
            id="return-addresses-list"
            className={classes.list}
          >
            {shops.data.map((s) => (
              <ShopAddressCard key={s.shopId} shop={s} onEdit={() => onEdit(s.shopId)} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}

function ShopAddressCard({ shop: s, onEdit }: { shop: ShopReturnAddress; onEdit: () => void }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="sm" data-testid="shop-return-address" component="article" aria-label={s.shopName}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Stack gap={2} miw={0}>
          <Group gap={6}>
            <IconBuildingStore size={16} aria-hidden />
            <Text size="sm" fw={600}>
              {s.shopName}
            </Text>
            {!s.address && (
              <Badge color="orange" variant="light" size="sm">
                {t('sellerAfterSales.address.notSet')}
              </Badge>
            )}
          </Group>
          {s.address ? (
            <>
              <Text size="sm">
                {s.address.contactName} · {s.address.phone}
              </Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {formatAddress(s.address)}
              </Text>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {t('sellerAfterSales.address.notSetHint')}
            </Text>
          )}
        </Stack>
        <Button
          size="xs"
          variant={s.address ? 'default' : 'filled'}
          color={s.address ? undefined : 'orange'}
          leftSection={s.address ? <IconPencil size={14} /> : <IconMapPin size={14} />}
          onClick={onEdit}
          aria-label={t(s.address ? 'sellerAfterSales.address.editFor' : 'sellerAfterSales.address.setFor', {
            shop: s.shopName,
          })}
          style={{ flexShrink: 0 }}
        >
          {t(s.address ? 'sellerAfterSales.address.edit' : 'sellerAfterSales.address.set')}
        </Button>
      </Group>
    </Card>
  );
}

type Field = 'contactName' | 'phone' | 'region0' | 'region1' | 'region2' | 'region3' | 'detailAddress' | 'postalCode';
type Values = Record<Field, string>;
const REGION_FIELDS = ['region0', 'region1', 'region2', 'region3'] as const;

export function ReturnAddressModal({ shopId, onClose }: { shopId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const mobile = usePhoneAfterMount();
  const shops = useReturnAddresses();
  const shop = shopId ? shops.data?.find((s) => s.shopId === shopId) : undefined;
  return (
    <Modal
      opened={!!shopId}
      onClose={onClose}
      centered
      size="lg"
      fullScreen={mobile}
      title={
        shop ? t('sellerAfterSales.address.title', { shop: shop.shopName }) : t('sellerAfterSales.address.heading')
      }
    >
      {shopId &&
        (shop ? (
          <AddressForm key={shopId} shop={shop} onDone={onClose} />
        ) : shops.isLoading ? (
          <Skeleton h={200} />
        ) : (
          <Alert color="red" role="alert">
            {t('sellerAfterSales.address.loadFailed')}
          </Alert>
        ))}
    </Modal>
  );
}

const initial = (a: ReturnAddress | null): Values => ({
  contactName: a?.contactName ?? '',
  phone: a?.phone ?? '',
  detailAddress: a?.detailAddress ?? '',
  postalCode: a?.postalCode ?? '',
  region0: a?.districtList[0] ?? '',
  region1: a?.districtList[1] ?? '',
  region2: a?.districtList[2] ?? '',
  region3: a?.districtList[3] ?? '',
});

function AddressForm({ shop, onDone }: { shop: ShopReturnAddress; onDone: () => void }) {
  const { t } = useTranslation();
  const apiError = useSellerAsError();
  const save = useSaveReturnAddress();
  const [values, setValues] = useState<Values>(() => initial(shop.address));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const regionsFilled = REGION_FIELDS.filter((f) => values[f].trim());
  const body = () => ({
    contactName: values.contactName,
    phone: values.phone,
    detailAddress: values.detailAddress,
    postalCode: values.postalCode,
    districtList: regionsFilled.map((f) => values[f]),
  });

  const submit = () => {
    if (save.isPending) return;
    const res = ReturnAddressBody.safeParse(body());
    if (!res.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of res.error.issues) {
        const [head, index] = issue.path as [string, number | undefined];
        // districtList issues land on the region field they came from (the first one when the list is empty).
        const field = (
          head === 'districtList' ? (index === undefined ? 'region0' : (regionsFilled[index] ?? 'region0')) : head
        ) as Field;
        if (next[field]) continue;
        const i = issue as { code: string; maximum?: number; minimum?: number };
        next[field] =
          i.code === 'too_big' ? t('errors.field.tooLong', { max: i.maximum }) : t('sellerAfterSales.address.required');
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(
      { shopId: shop.shopId, body: res.data },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('sellerAfterSales.address.saved', { shop: shop.shopName }) });
          onDone();
        },
      },
    );
  };

  const input = (
    f: Field,
    label: string,
    props: { required?: boolean; autoComplete?: string; maxLength?: number; placeholder?: string } = {},
  ) => (
    <TextInput
      label={label}
      withAsterisk={props.required}
      autoComplete={props.autoComplete}
      maxLength={props.maxLength ?? 200}
      placeholder={props.placeholder}
      value={values[f]}
      error={errors[f]}
      data-testid={`address-${f}`}
      onChange={(e) => {
        const v = e.currentTarget.value;
        setValues((x) => ({ ...x, [f]: v }));
        setErrors((x) => ({ ...x, [f]: undefined }));
      }}
    />
  );

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      aria-label={t('sellerAfterSales.address.title', { shop: shop.shopName })}
    >
      <Stack>
        {save.error && (
          <Alert color="red" role="alert">
            {apiError(save.error)}
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          {t('sellerAfterSales.address.formHint')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {input('contactName', t('sellerAfterSales.address.contactName'), { required: true, autoComplete: 'name' })}
          {input('phone', t('sellerAfterSales.address.phone'), { required: true, autoComplete: 'tel', maxLength: 30 })}
          {input('region0', t('sellerAfterSales.address.region0'), {
            required: true,
            autoComplete: 'country-name',
            maxLength: 100,
          })}
          {input('region1', t('sellerAfterSales.address.region1'), { autoComplete: 'address-level1', maxLength: 100 })}
          {input('region2', t('sellerAfterSales.address.region2'), { autoComplete: 'address-level2', maxLength: 100 })}
          {input('region3', t('sellerAfterSales.address.region3'), { autoComplete: 'address-level3', maxLength: 100 })}
        </SimpleGrid>
        {input('detailAddress', t('sellerAfterSales.address.detailAddress'), {
          required: true,
          autoComplete: 'street-address',
        })}
        {input('postalCode', t('sellerAfterSales.address.postalCode'), { autoComplete: 'postal-code', maxLength: 20 })}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={save.isPending} data-testid="address-save">
            {t('sellerAfterSales.address.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
