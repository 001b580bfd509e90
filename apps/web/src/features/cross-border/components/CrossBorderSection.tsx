/**
 * Checkout: the cross-border orders of this checkout (shops shipping into the site from abroad):
 * where they ship from, their duties and import tax, and the buyer's real-name certificate customs
 * needs where the site asks for one (SPEC §3 userCertificate / certificateStatus). Without one,
 * the buyer adds it here; the preview is then asked again.
 */
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PreviewResult } from '@mall/contracts';
import { useMoney } from '../../../shared/format';
import { useCountryName } from '../../../shared/countries';
import { useSite } from '../../../shared/session';
import { PartLoading } from '../../../shared/PartLoading';
import { Section } from '../../../shared/Section';

const CertificateForm = lazy(() =>
  import('../../certificate/CertificatesPage').then((m) => ({ default: m.CertificateForm })),
);

/** Whether the checkout still lacks the certificate its cross-border orders need. */
export const certificateMissing = (p: PreviewResult) =>
  !!p.crossBorder && p.crossBorder.certificateRequired && !p.crossBorder.certificateValid;

export function CrossBorderSection({ preview, registered }: { preview: PreviewResult; registered: boolean }) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const { countryName } = useCountryName();
  const site = useSite();
  const qc = useQueryClient();
  const cb = preview.crossBorder;
  if (!cb) return null;
  const orders = preview.renderTradeOrderTOList.filter((o) => o.crossBorder);
  const missing = certificateMissing(preview);
  return (
    <Section title={t('crossBorder.title')} testId="cross-border" id="cross-border">
      <Stack gap="sm">
        {orders.map((o) => (
          <Text key={o.shopId} size="sm" data-testid="cross-border-order">
            {t('crossBorder.orderLine', {
              shop: o.shop.name,
              country: countryName(o.crossBorder!.originCountry),
              duty: fmt(o.crossBorder!.dutyAmt),
              tax: fmt(o.crossBorder!.importTaxAmt),
            })}
          </Text>
        ))}
        <Text size="xs" c="dimmed">
          {t('crossBorder.separateOrders')}
        </Text>
        {cb.certificateRequired && !missing && preview.userCertificate && (
          <Text size="sm" data-testid="cross-border-certificate">
            {t('crossBorder.declaredWith', {
              name: preview.userCertificate.name,
              number: preview.userCertificate.certificateNumber,
            })}
          </Text>
        )}
        {missing && (
          <Alert color="orange" title={t('crossBorder.certificateNeeded')} data-testid="certificate-prompt">
            <Stack gap="sm">
              <Text size="sm">{t('crossBorder.certificateWhy')}</Text>
              {registered ? (
                <Suspense fallback={<PartLoading />}>
                  <CertificateForm
                    site={site.code}
                    editing={null}
                    onDone={() => void qc.invalidateQueries({ queryKey: ['checkout-preview'] })}
                  />
                </Suspense>
              ) : (
                <Anchor component={Link} to="/login" size="sm">
                  {t('crossBorder.logInForCertificate')}
                </Anchor>
              )}
            </Stack>
          </Alert>
        )}
      </Stack>
    </Section>
  );
}
