import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { lazy, Suspense, useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Container,
  Loader,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES } from '@mall/contracts/constants';
import type { LoginBody, SignupBody } from '@mall/contracts';
import { isLoggedIn, useSession, useSessionMutation } from '../../shared/session';
import { safeTarget } from '../../shared/safeTarget';
import { lazySchemas, lazyZodValidate } from '../../shared/zodForm';
import { errorMessage } from '../../shared/errors';
import { ApiError } from '../../shared/api';
import type { CaptchaValue } from '../account/api/captcha';

// The server's schemas (and zod) arrive when the buyer starts filling in a form; submit waits for them.
const authSchemas = lazySchemas(() => import('./formSchemas'));

// The captcha widget (and its worker) loads only when a login needs it.
const Captcha = lazy(() => import('../account/components/Captcha').then((m) => ({ default: m.Captcha })));
import { OidcError, OidcSignInButtons } from '../account/components/OidcSignInButtons';

/**
 * Login and sign-up have nothing to do for a logged-in buyer (unless this very form just
 * succeeded): go where the link wanted, or to the buyer centre.
 */
function alreadyIn(
  session: ReturnType<typeof useSession>['data'],
  submitting: { isPending: boolean; isSuccess: boolean },
  params: URLSearchParams,
  target: string,
) {
  if (!isLoggedIn(session) || submitting.isPending || submitting.isSuccess) return null;
  return <Navigate to={params.get('target') ? target : '/buyer/index'} replace />;
}

export function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // Only paths of this shop are followed after login (safeTarget); anything else goes home.
  const target = safeTarget(params.get('target')).url;
  const { data: session } = useSession();
  const login = useSessionMutation<LoginBody>('/api/auth/login');
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: lazyZodValidate(authSchemas, (s) => s.LoginBody, t),
  });
  // Past the account's failure limit the server asks for the captcha (Auth.captchaRequired); each solved one is good once.
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const [captcha, setCaptcha] = useState<CaptchaValue | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const [captchaMissing, setCaptchaMissing] = useState(false);
  const submit = (v: { email: string; password: string }) => {
    if (login.isPending) return;
    if (needCaptcha && !captcha) {
      setCaptchaMissing(true);
      return;
    }
    login.mutate(
      { ...v, ...(needCaptcha && captcha) },
      {
        onSuccess: () => void navigate(target, { replace: true }),
        onError: (e) => {
          if (e instanceof ApiError && e.code === ERROR_CODES.captchaRequired) setNeedCaptcha(true);
        },
        onSettled: () => {
          if (needCaptcha) setCaptchaRound((n) => n + 1);
        },
      },
    );
  };
  const away = alreadyIn(session, login, params, target);
  if (away) return away;
  return (
    <Container size={420} py="xl">
      <Title order={1} size="h2" ta="center">
        {t('auth.loginTitle')}
      </Title>
      <Paper
        withBorder
        p="lg"
        mt="lg"
        component="form"
        noValidate
        onFocus={authSchemas.preload}
        onSubmit={form.onSubmit(submit)}
      >
        <Stack>
          {login.error && (
            <Alert color="red" role="alert">
              {login.error instanceof ApiError && login.error.code === ERROR_CODES.captchaRequired
                ? t('security.login.captchaNeeded')
                : errorMessage(t, login.error)}
            </Alert>
          )}
          <OidcError params={params} />
          <TextInput
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={t('auth.password')}
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Anchor component={Link} to="/forgot-password" size="sm" ta="right" mt={-8}>
            {t('security.forgot.link')}
          </Anchor>
          {needCaptcha && (
            <Suspense fallback={<Loader size="sm" />}>
              <Captcha
                onChange={(c) => {
                  setCaptcha(c);
                  if (c) setCaptchaMissing(false);
                }}
                resetKey={captchaRound}
                error={captchaMissing ? t('security.captcha.required') : null}
              />
            </Suspense>
          )}
          <Button type="submit" loading={login.isPending} fullWidth>
            {t('auth.login')}
          </Button>
          <OidcSignInButtons target={target} />
          <Text size="sm" ta="center">
            {t('auth.noAccount')}{' '}
            <Anchor component={Link} to={`/signup?target=${encodeURIComponent(target)}`}>
              {t('auth.signup')}
            </Anchor>
          </Text>
        </Stack>
      </Paper>
    </Container>
  );
}

export function SignupPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const target = safeTarget(params.get('target')).url;
  const { data: session } = useSession();
  const signup = useSessionMutation<SignupBody>('/api/auth/signup');
  const form = useForm({
    initialValues: { email: '', password: '', nickname: '' },
    validate: lazyZodValidate(
      authSchemas,
      (s) => s.SignupBody,
      t,
      (v: { email: string; password: string; nickname: string }) => ({ ...v, nickname: v.nickname || undefined }),
    ),
  });
  const away = alreadyIn(session, signup, params, target);
  if (away) return away;
  return (
    <Container size={420} py="xl">
      <Title order={1} size="h2" ta="center">
        {t('auth.signupTitle')}
      </Title>
      <Paper
        withBorder
        p="lg"
        mt="lg"
        component="form"
        noValidate
        onFocus={authSchemas.preload}
        onSubmit={form.onSubmit((v) => {
          if (signup.isPending) return;
          signup.mutate(
            { email: v.email, password: v.password, ...(v.nickname && { nickname: v.nickname }) },
            { onSuccess: () => void navigate(target, { replace: true }) },
          );
        })}
      >
        <Stack>
          {signup.error && (
            <Alert color="red" role="alert">
              {errorMessage(t, signup.error)}
            </Alert>
          )}
          <OidcError params={params} />
          <TextInput
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <TextInput label={t('auth.nickname')} autoComplete="nickname" {...form.getInputProps('nickname')} />
          <PasswordInput
            label={t('auth.password')}
            description={t('auth.passwordHint')}
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={signup.isPending} fullWidth>
            {t('auth.signup')}
          </Button>
          <OidcSignInButtons target={target} />
          <Text size="sm" ta="center">
            {t('auth.haveAccount')}{' '}
            <Anchor component={Link} to={`/login?target=${encodeURIComponent(target)}`}>
              {t('auth.login')}
            </Anchor>
          </Text>
        </Stack>
      </Paper>
    </Container>
  );
}
