/**
 * /forgot-password: reset a forgotten password by email or by phone. Step 1: the address,
 * the captcha and the emailed / texted code (exchanged for a short-lived reset token);
 * step 2: the new password, which signs out every device; then back to login.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/errors';
import type { CaptchaValue } from '../api/captcha';
import {
  checkResetSmsCode,
  resetPasswordBySms,
  resetPasswordByToken,
  sendResetEmailCode,
  sendResetSms,
  verifyResetEmailCode,
} from '../api/password';
import { Captcha } from '../components/Captcha';
import { CodeInput } from '../components/CodeInput';
import { useLazySchemas, useSchemasOnInteraction } from '../../../shared/zodForm';
import { accountSchemas } from '../api/schemas';

type Channel = 'email' | 'phone';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [channel, setChannel] = useState<Channel>('email');
  const [token, setToken] = useState<{ channel: Channel; value: string } | null>(null);
  const [done, setDone] = useState(false);

  return (
    <Container size={460} py="xl">
      <Title order={1} size="h2" ta="center">
        {t('security.forgot.title')}
      </Title>
      <Paper withBorder p="lg" mt="lg">
        {done ? (
          <Stack>
            <Alert color="green" title={t('security.forgot.doneTitle')} role="status">
              {t('security.forgot.done')}
            </Alert>
            <Button component={Link} to="/login" fullWidth>
              {t('security.forgot.toLogin')}
            </Button>
          </Stack>
        ) : token ? (
          <NewPasswordStep channel={token.channel} token={token.value} onDone={() => setDone(true)} />
        ) : (
          <Stack>
            <Text size="sm">{t('security.forgot.intro')}</Text>
            <Tabs value={channel} onChange={(v) => setChannel((v as Channel) ?? 'email')} keepMounted={false}>
              <Tabs.List grow>
                <Tabs.Tab value="email">{t('security.forgot.byEmail')}</Tabs.Tab>
                <Tabs.Tab value="phone">{t('security.forgot.byPhone')}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="email" pt="md">
                <CodeStep channel="email" onToken={(value) => setToken({ channel: 'email', value })} />
              </Tabs.Panel>
              <Tabs.Panel value="phone" pt="md">
                <CodeStep channel="phone" onToken={(value) => setToken({ channel: 'phone', value })} />
              </Tabs.Panel>
            </Tabs>
          </Stack>
        )}
        {!done && (
          <Text size="sm" ta="center" mt="md">
            <Anchor component={Link} to="/login">
              {t('security.forgot.back')}
            </Anchor>
          </Text>
        )}
      </Paper>
    </Container>
  );
}

/** Address + captcha + code; a right code gives the reset token. */
function CodeStep({ channel, onToken }: { channel: Channel; onToken: (token: string) => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [prefix, setPrefix] = useState('+1');
  const [mobile, setMobile] = useState('');
  const [captcha, setCaptcha] = useState<CaptchaValue | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const [code, setCode] = useState('');
  const [touchedNow, setTouched] = useState(false);
  // The schemas arrive on the first interaction; until then nothing counts as valid (nothing is
  // sent) and no field shows an error.
  useSchemasOnInteraction(accountSchemas);
  const s = useLazySchemas(accountSchemas);
  const touched = touchedNow && !!s;

  const emailOk = !!s && s.Email.safeParse(email).success;
  const phoneOk = !!s && s.Mobile.safeParse(mobile).success && s.MobilePrefix.safeParse(prefix).success;
  const addressOk = channel === 'email' ? emailOk : phoneOk;
  const sentTo = channel === 'email' ? email.trim() : `${prefix} ${mobile}`;

  const send = async () => {
    try {
      return channel === 'email'
        ? await sendResetEmailCode({ email: s!.Email.parse(email), ...captcha! })
        : await sendResetSms({ mobile, mobilePrefix: prefix, ...captcha! });
    } finally {
      // The solved challenge was used up by this call.
      setCaptchaRound((n) => n + 1);
    }
  };
  const verify = useMutation({
    mutationFn: () =>
      channel === 'email'
        ? verifyResetEmailCode({ email: s!.Email.parse(email), code })
        : checkResetSmsCode({ mobile, mobilePrefix: prefix, code }),
    onSuccess: (r) => onToken(r.token),
  });
  const codeOk = !!s && s.VerificationCode.safeParse(code).success;

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (codeOk && addressOk && !verify.isPending) verify.mutate();
      }}
    >
      <Stack>
        {channel === 'email' ? (
          <TextInput
            label={t('security.forgot.email')}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={touched && !emailOk ? t('errors.field.email') : null}
          />
        ) : (
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <TextInput
              w={96}
              label={t('security.forgot.prefix')}
              autoComplete="tel-country-code"
              required
              value={prefix}
              onChange={(e) => setPrefix(e.currentTarget.value)}
              error={touched && !s.MobilePrefix.safeParse(prefix).success ? t('errors.Account.mobileFormat') : null}
            />
            <TextInput
              style={{ flex: 1 }}
              label={t('security.forgot.mobile')}
              type="tel"
              autoComplete="tel-national"
              required
              value={mobile}
              onChange={(e) => setMobile(e.currentTarget.value)}
              error={touched && !s.Mobile.safeParse(mobile).success ? t('errors.Account.mobileFormat') : null}
            />
          </Group>
        )}
        <Captcha onChange={setCaptcha} resetKey={captchaRound} />
        <CodeInput
          value={code}
          onChange={setCode}
          onSend={send}
          canSend={addressOk && !!captcha}
          sentTo={sentTo}
          sendHint={!addressOk ? undefined : t('security.code.needCaptcha')}
          error={
            verify.error ? errorMessage(t, verify.error) : touched && !codeOk ? t('errors.Account.codeFormat') : null
          }
        />
        <Button type="submit" loading={verify.isPending} fullWidth>
          {t('security.forgot.next')}
        </Button>
      </Stack>
    </form>
  );
}

function NewPasswordStep({ channel, token, onDone }: { channel: Channel; token: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState(false);
  const reset = useMutation({
    mutationFn: () => (channel === 'email' ? resetPasswordByToken : resetPasswordBySms)({ token, password }),
    onSuccess: onDone,
  });
  useSchemasOnInteraction(accountSchemas);
  const s = useLazySchemas(accountSchemas);
  const passwordError = !s || s.Password.safeParse(password).success ? null : t('auth.passwordHint');
  const confirmError = confirm === password ? null : t('security.forgot.mismatch');
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (s && !passwordError && !confirmError && !reset.isPending) reset.mutate();
      }}
    >
      <Stack>
        <Title order={2} size="h4">
          {t('security.forgot.stepPassword')}
        </Title>
        {reset.error && (
          <Alert color="red" role="alert">
            {errorMessage(t, reset.error)}
          </Alert>
        )}
        <PasswordInput
          label={t('security.forgot.newPassword')}
          description={t('auth.passwordHint')}
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={touched ? passwordError : null}
        />
        <PasswordInput
          label={t('security.forgot.confirmPassword')}
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(e) => setConfirm(e.currentTarget.value)}
          error={touched ? confirmError : null}
        />
        <Button type="submit" loading={reset.isPending} fullWidth>
          {t('security.forgot.save')}
        </Button>
      </Stack>
    </form>
  );
}
