/**
 * The seller's shops as their invoices name them (legal name, VAT ID, address): shown on the
 * invoice page, entered or corrected in a dialog checked as the server checks (InvoiceFields:
 * the contract's schema and the VAT ID's format for the address's country). A shop without one
 * cannot issue invoices yet, and says so.
 */
import { useState } from 'react';
import { Alert, Button, Group, Modal, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useCountryName } from '../../../shared/countries';
import { usePhoneAfterMount } from '../../../shared/usePhoneAfterMount';
import { useSellerError } from '../../merchant/seller/errors';
import { useSaveShopTaxProfile, useShopTaxProfile, type ShopTaxProfile } from '../api/invoice';
import { isVatIdError, vatIdMessage } from './vatIdMessage';
import { bodyOf, InvoiceFields, useInvoiceForm, valuesOf } from './InvoiceFields';

export function ShopTaxProfiles({ shops }: { shops: { id: string; name: string }[] }) {
  if (!shops.length) return null;
  return (
    <Stack gap="sm">
      {shops.map((s) => (
        <ShopProfile key={s.id} shop={s} />
      ))}
    </Stack>
  );
}

function ShopProfile({ shop }: { shop: { id: string; name: string } }) {
  const { t } = useTranslation();
  const profile = useShopTaxProfile(shop.id);
  const [editing, setEditing] = useState(false);
  const p = profile.data;
  const titleId = `tax-profile-${shop.id}`;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby={titleId}
      data-testid="shop-tax-profile"
    >
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ flex: '1 1 240px' }}>
          <Text fw={600} size="sm" id={titleId}>
            {t('seller.invoices.profile.title', { shop: shop.name })}
          </Text>
          {profile.isPending ? (
            <Skeleton h={14} w={220} />
          ) : profile.isError ? (
            <Text size="sm" c="red" role="alert">
              {t('seller.invoices.profile.loadFailed')}
            </Text>
          ) : p ? (
            <Text size="sm">
              {[
                p.legalName,
                p.vatId,
                [
                  p.address.addressLine1,
                  [p.address.postalCode, p.address.city].filter(Boolean).join(' '),
                  p.address.country,
                ].join(', '),
              ].join(' · ')}
            </Text>
          ) : (
            <Text size="sm" c="orange.8">
              {t('seller.invoices.profile.missing')}
            </Text>
          )}
        </Stack>
        <Button
          size="xs"
          variant={p ? 'default' : 'filled'}
          onClick={() => setEditing(true)}
          disabled={profile.isPending || profile.isError}
          aria-label={t(p ? 'seller.invoices.profile.editFor' : 'seller.invoices.profile.enterFor', {
            shop: shop.name,
          })}
        >
          {t(p ? 'seller.invoices.profile.edit' : 'seller.invoices.profile.enter')}
        </Button>
      </Group>
      {editing && <ProfileDialog shop={shop} profile={p ?? null} onClose={() => setEditing(false)} />}
    </Paper>
  );
}

function ProfileDialog({
  shop,
  profile,
  onClose,
}: {
  shop: { id: string; name: string };
  profile: ShopTaxProfile | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const apiError = useSellerError();
  const phone = usePhoneAfterMount();
  const save = useSaveShopTaxProfile(shop.id);
  const { countryName } = useCountryName();
  const form = useInvoiceForm(
    valuesOf(
      profile ? { companyName: profile.legalName, vatId: profile.vatId, billingAddress: profile.address } : null,
    ),
  );
  const title = t('seller.invoices.profile.title', { shop: shop.name });
  const submit = form.onSubmit((v) => {
    if (save.isPending) return;
    const b = bodyOf(v);
    save.mutate(
      { legalName: b.companyName, vatId: b.vatId, address: b.billingAddress },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('seller.invoices.profile.saved') });
          onClose();
        },
        onError: (e) => {
          if (isVatIdError(e))
            form.setFieldError('vatId', vatIdMessage(t, countryName, e.code, e.details, form.values.country));
        },
      },
    );
  });
  const fieldError = isVatIdError(save.error);
  return (
    <Modal
      opened
      onClose={() => !save.isPending && onClose()}
      title={title}
      centered
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('seller.invoices.close') }}
    >
      <form noValidate onSubmit={submit} aria-label={title}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('seller.invoices.profile.intro')}
          </Text>
          {save.error && !fieldError && (
            <Alert color="red" role="alert">
              {apiError(save.error)}
            </Alert>
          )}
          <InvoiceFields form={form} disabled={save.isPending} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              {t('seller.invoices.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('seller.invoices.profile.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
