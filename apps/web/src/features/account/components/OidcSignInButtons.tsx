/**
 * One "Continue with <provider>" button per configured OpenID Connect provider on the login and
 * sign-up pages (nothing when none is configured), and the translated error a failed
 * third-party sign-in came back with (`?oidcError=<code>`).
 */
import { Alert, Button, Divider, Stack } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { OIDC_ERROR_PARAM } from '@mall/contracts/constants';
import { oidcStartUrl, useOidcProviders } from '../api/thirdAccounts';

export function OidcSignInButtons({ target }: { target: string }) {
  const { t } = useTranslation();
  const { data } = useOidcProviders();
  const providers = data?.providers ?? [];
  if (!providers.length) return null;
  return (
    <Stack gap="xs">
      <Divider label={t('oidc.or')} labelPosition="center" />
      {providers.map((p) => (
        <Button
          key={p.name}
          component="a"
          href={oidcStartUrl(p.name, { target })}
          variant="default"
          fullWidth
          leftSection={<IconLogin2 size={18} aria-hidden />}
        >
          {t('oidc.continueWith', { label: p.label })}
        </Button>
      ))}
    </Stack>
  );
}

/** The error of a third-party sign-in that sent the buyer back here, if any. */
export function OidcError({ params }: { params: URLSearchParams }) {
  const { t } = useTranslation();
  const code = params.get(OIDC_ERROR_PARAM);
  if (!code) return null;
  return (
    <Alert color="red" role="alert">
      {t(`errors.${code}`, { defaultValue: t('errors.Common.internal') })}
    </Alert>
  );
}
