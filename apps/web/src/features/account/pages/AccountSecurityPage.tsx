/**
 * /buyer/account-security: email, phone, password, third-party accounts,
 * profile, invitation code, the enterprise's notice emails (main account only) and deleting
 * the account. Each block is a card with its current value and a dialog for the change; codes
 * come through CodeInput (resend countdown), refusals show the server's translated code.
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  List,
  Paper,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCheck, IconCopy, IconPencil, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ERROR_CODES, GENDERS, LANGUAGES } from '@mall/contracts/constants';
import type { Language, NoticeEmail, Profile, SendCodeResult } from '@mall/contracts';
import { LANGUAGE_NAMES } from '../../../app/TopBar';
import { ApiError } from '../../../shared/api';
import { ConfirmDialog } from '../../../shared/ConfirmDialog';
import { LazyModal } from '../../../shared/LazyModal';
import { LazyTooltip } from '../../../shared/LazyTooltip';
import { errorMessage } from '../../../shared/errors';
import { LoadError, PageSkeleton } from '../../../shared/States';
import { sessionKey, usePreferences } from '../../../shared/session';
import type { CaptchaValue } from '../api/captcha';
import { accountSchemas } from '../api/schemas';
import { useSchemas, useSchemasOnInteraction } from '../../../shared/zodForm';
import {
  bindEmail,
  bindMobile,
  changeEmail,
  changeMobile,
  createNoticeEmail,
  deleteNoticeEmail,
  destroyAccount,
  fillInvitationCode,
  noticeEmailsKey,
  profileKey,
  saveProfile,
  sendBindEmailCode,
  sendBindMobileCode,
  sendChangeEmailCode,
  sendChangeMobileCode,
  sendDestroyEmailCode,
  sendDestroySmsCode,
  updateNoticeEmail,
  useNoticeEmails,
  useProfile,
} from '../api/settings';
import { CodeInput } from '../components/CodeInput';
import { PasswordSection } from '../components/PasswordSection';
import { ThirdPartySection } from '../components/ThirdPartySection';
import { PartLoading } from '../../../shared/PartLoading';
import { useNarrowScreenAfterMount } from '../../../shared/usePhoneAfterMount';

/** The captcha widget (ALTCHA, ~29 KB gzip) comes with the delete-account dialog that shows it. */
const Captcha = lazy(() => import('../components/Captcha').then((m) => ({ default: m.Captcha })));
/** The profile form's selects come with its dialog (inside the dialog's Suspense). */
const Select = lazy(() => import('../../../shared/SelectImpl').then((m) => ({ default: m.Select })));

/** Toasts load on first use (they are no part of a first paint). */
function notifySuccess(message: string) {
  void import('@mantine/notifications').then(({ notifications }) => notifications.show({ color: 'green', message }));
}

/** "ad***@example.com": enough to recognise one's own address on a shared screen. */
export function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 2)}***@${domain}`;
}
/** "+1 ******4567" */
export function maskMobile(prefix: string | null, mobile: string): string {
  return `+${(prefix ?? '').replace(/^\+/, '')} ${'*'.repeat(Math.max(0, mobile.length - 4))}${mobile.slice(-4)}`;
}

const CODE_ERRORS: string[] = [
  ERROR_CODES.codeInvalid,
  ERROR_CODES.codeExpired,
  ERROR_CODES.codeTooManyTries,
  ERROR_CODES.codeFormat,
];
const isCodeError = (e: unknown) => e instanceof ApiError && CODE_ERRORS.includes(e.code);
const A = 'accountSecurity';

export function AccountSecurityPage() {
  // The forms' schemas (and zod) are fetched on the first touch, before a dialog needs them.
  useSchemasOnInteraction(accountSchemas);
  const { t } = useTranslation();
  const profile = useProfile();
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t(`${A}.title`)}
      </Title>
      {profile.isPending ? (
        <PageSkeleton />
      ) : profile.isError ? (
        <LoadError error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <>
          <ContactSection kind="email" profile={profile.data} />
          <ContactSection kind="phone" profile={profile.data} />
          <PasswordSection />
          <ThirdPartySection />
          <ProfileSection profile={profile.data} />
          <InvitationSection profile={profile.data} />
          {profile.data.isEnterpriseMain && <NoticeEmailsSection />}
          <DeleteAccountSection profile={profile.data} />
        </>
      )}
    </Stack>
  );
}

/** A card: title, what it is, the current value, and its action button(s). */
function Section({
  title,
  description,
  value,
  action,
  children,
  danger,
  testId,
}: {
  title: string;
  description?: string;
  value?: ReactNode;
  action?: ReactNode;
  children?: ReactNode;
  danger?: boolean;
  testId?: string;
}) {
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      data-testid={testId}
      style={danger ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
      component="section"
      aria-label={title}
    >
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div style={{ flex: '1 1 240px' }}>
          <Title order={2} size="h4" c={danger ? 'red.8' : undefined}>
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
          {value && (
            <Text mt={4} fw={500}>
              {value}
            </Text>
          )}
        </div>
        {action}
      </Group>
      {children}
    </Paper>
  );
}

/** Full width on phones, a centred dialog on larger screens. */
function Dialog({
  opened,
  onClose,
  title,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const mobile = useNarrowScreenAfterMount('36em');
  return (
    <LazyModal
      opened={opened}
      onClose={onClose}
      title={title}
      centered={!mobile}
      fullScreen={mobile}
      closeButtonProps={{ 'aria-label': t(`${A}.close`) }}
    >
      {opened && <Suspense fallback={<PartLoading />}>{children}</Suspense>}
    </LazyModal>
  );
}

function FormButtons({ onCancel, busy }: { onCancel: () => void; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" loading={busy}>
        {t(`${A}.save`)}
      </Button>
    </Group>
  );
}

function useProfileUpdate() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: profileKey });
    void qc.invalidateQueries({ queryKey: sessionKey });
  };
}

// ---------------------------------------------------------------- email and phone

type Kind = 'email' | 'phone';

/** Email or phone: the masked current value, "Add" when there is none, "Change" otherwise. */
function ContactSection({ kind, profile }: { kind: Kind; profile: Profile }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const current =
    kind === 'email'
      ? profile.email && maskEmail(profile.email)
      : profile.mobile && maskMobile(profile.mobilePrefix, profile.mobile);
  const k = `${A}.${kind}`;
  return (
    <Section
      testId={`${kind}-section`}
      title={t(`${k}.title`)}
      description={t(`${k}.description`)}
      value={
        current || (
          <Text span c="dimmed">
            {t(`${k}.none`)}
          </Text>
        )
      }
      action={
        <Button variant="default" onClick={() => setOpen(true)}>
          {t(current ? `${k}.change` : `${k}.bind`)}
        </Button>
      }
    >
      <Dialog opened={open} onClose={() => setOpen(false)} title={t(current ? `${k}.changeTitle` : `${k}.bindTitle`)}>
        <ContactForm kind={kind} profile={profile} onDone={() => setOpen(false)} onCancel={() => setOpen(false)} />
      </Dialog>
    </Section>
  );
}

/**
 * Bind (no address yet: the new one and its code) or change (also the current address proven by
 * its own code or the password, as the server requires).
 */
function ContactForm({
  kind,
  profile,
  onDone,
  onCancel,
}: {
  kind: Kind;
  profile: Profile;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { Email, Mobile, MobilePrefix, VerificationCode } = useSchemas(accountSchemas);
  const { t } = useTranslation();
  const refresh = useProfileUpdate();
  const changing = kind === 'email' ? !!profile.email : !!profile.mobile;
  const [email, setEmail] = useState('');
  const [prefix, setPrefix] = useState(profile.mobilePrefix ? `+${profile.mobilePrefix.replace(/^\+/, '')}` : '+1');
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [proofBy, setProofBy] = useState<'password' | 'code'>('password');
  const [password, setPassword] = useState('');
  const [oldCode, setOldCode] = useState('');
  const [touched, setTouched] = useState(false);

  const addressError =
    kind === 'email'
      ? Email.safeParse(email).success
        ? null
        : t('errors.field.email')
      : MobilePrefix.safeParse(prefix).success && Mobile.safeParse(mobile).success
        ? null
        : t('errors.Account.mobileFormat');
  const codeError = VerificationCode.safeParse(code).success ? null : t('errors.Account.codeFormat');
  const proofError = !changing
    ? null
    : proofBy === 'password'
      ? password
        ? null
        : t(`${A}.passwordRequired`)
      : VerificationCode.safeParse(oldCode).success
        ? null
        : t('errors.Account.codeFormat');
  const digits = mobile.replace(/\D/g, '');

  const sendNew = (): Promise<SendCodeResult> =>
    kind === 'email'
      ? changing
        ? sendChangeEmailCode('new', Email.parse(email))
        : sendBindEmailCode(Email.parse(email))
      : changing
        ? sendChangeMobileCode('new', prefix, digits)
        : sendBindMobileCode(prefix, digits);
  const sendOld = () => (kind === 'email' ? sendChangeEmailCode('old') : sendChangeMobileCode('old'));

  const save = useMutation({
    mutationFn: () => {
      const proof = !changing ? {} : proofBy === 'password' ? { password } : { oldCode };
      if (kind === 'email')
        return changing
          ? changeEmail({ email: Email.parse(email), emailCode: code, ...proof })
          : bindEmail(Email.parse(email), code);
      return changing
        ? changeMobile({ mobilePrefix: prefix, mobile: digits, smsCode: code, ...proof })
        : bindMobile(prefix, digits, code);
    },
    onSuccess: () => {
      refresh();
      notifySuccess(t(kind === 'email' ? `${A}.email.saved` : `${A}.phone.saved`));
      onDone();
    },
  });
  // Where a refusal belongs: the new code's field, the password / old code field, or on top.
  const err = save.error;
  const wrongPassword = err instanceof ApiError && err.code === ERROR_CODES.passwordIncorrect;
  const onNewCode = isCodeError(err) && !(changing && proofBy === 'code');
  const onProof = wrongPassword || (isCodeError(err) && changing && proofBy === 'code');
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (addressError || codeError || proofError || save.isPending) return;
    save.mutate();
  };
  const sentTo = kind === 'email' ? email.trim() : `${prefix} ${mobile}`;
  const oldLabel = kind === 'email' ? t(`${A}.email.oldCode`) : t(`${A}.phone.oldCode`);
  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        {err && !onNewCode && !onProof && (
          <Alert color="red" role="alert">
            {errorMessage(t, err)}
          </Alert>
        )}
        {kind === 'email' ? (
          <TextInput
            label={t(`${A}.email.newLabel`)}
            type="email"
            autoComplete="email"
            required
            data-autofocus
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={touched ? addressError : null}
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
              error={touched && !MobilePrefix.safeParse(prefix).success ? t('errors.Account.mobileFormat') : null}
            />
            <TextInput
              style={{ flex: 1 }}
              label={t(`${A}.phone.newLabel`)}
              type="tel"
              autoComplete="tel-national"
              required
              data-autofocus
              value={mobile}
              onChange={(e) => setMobile(e.currentTarget.value)}
              error={touched && !Mobile.safeParse(mobile).success ? t('errors.Account.mobileFormat') : null}
            />
          </Group>
        )}
        <CodeInput
          value={code}
          onChange={setCode}
          onSend={sendNew}
          canSend={!addressError}
          sentTo={sentTo}
          label={t(kind === 'email' ? `${A}.email.newCode` : `${A}.phone.newCode`)}
          sendHint={t(kind === 'email' ? `${A}.email.enterFirst` : `${A}.phone.enterFirst`)}
          error={onNewCode ? errorMessage(t, err) : touched ? codeError : null}
        />
        {changing && (
          <Stack gap="xs">
            <Text size="sm" fw={500} id={`${kind}-proof`}>
              {t(`${A}.proveOld`)}
            </Text>
            <SegmentedControl
              aria-labelledby={`${kind}-proof`}
              value={proofBy}
              onChange={(v) => setProofBy(v)}
              data={[
                { value: 'password', label: t(`${A}.byPassword`) },
                { value: 'code', label: t(kind === 'email' ? `${A}.byOldEmail` : `${A}.byOldPhone`) },
              ]}
            />
            {proofBy === 'password' ? (
              <PasswordInput
                label={t('security.password.current')}
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                error={wrongPassword ? errorMessage(t, err) : touched ? proofError : null}
              />
            ) : (
              <CodeInput
                value={oldCode}
                onChange={setOldCode}
                onSend={sendOld}
                label={oldLabel}
                sentTo={
                  kind === 'email' ? maskEmail(profile.email!) : maskMobile(profile.mobilePrefix, profile.mobile!)
                }
                error={onProof ? errorMessage(t, err) : touched ? proofError : null}
              />
            )}
          </Stack>
        )}
        <FormButtons onCancel={onCancel} busy={save.isPending} />
      </Stack>
    </form>
  );
}

// ---------------------------------------------------------------- profile

function ProfileSection({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ');
  return (
    <Section
      testId="profile-section"
      title={t(`${A}.profile.title`)}
      description={t(`${A}.profile.description`)}
      value={
        <>
          {profile.nickname}
          {name && (
            <Text span c="dimmed" fw={400}>
              {' '}
              · {name}
            </Text>
          )}
        </>
      }
      action={
        <Button variant="default" onClick={() => setOpen(true)}>
          {t(`${A}.profile.edit`)}
        </Button>
      }
    >
      <Dialog opened={open} onClose={() => setOpen(false)} title={t(`${A}.profile.dialogTitle`)}>
        <ProfileForm profile={profile} onDone={() => setOpen(false)} onCancel={() => setOpen(false)} />
      </Dialog>
    </Section>
  );
}

function ProfileForm({ profile, onDone, onCancel }: { profile: Profile; onDone: () => void; onCancel: () => void }) {
  const { Birthday } = useSchemas(accountSchemas);
  const { t } = useTranslation();
  const refresh = useProfileUpdate();
  const prefs = usePreferences();
  const [v, setV] = useState({
    nickname: profile.nickname,
    firstName: profile.firstName,
    lastName: profile.lastName,
    gender: profile.gender,
    birthday: profile.birthday ?? '',
    language: profile.language,
  });
  const [touched, setTouched] = useState(false);
  const errors = {
    nickname: v.nickname.trim() ? null : t('validation.required'),
    birthday: !v.birthday || Birthday.safeParse(v.birthday).success ? null : t(`${A}.profile.birthdayInvalid`),
  };
  const save = useMutation({
    mutationFn: () => saveProfile({ ...v, birthday: v.birthday || null }),
    onSuccess: (saved) => {
      // A new language switches the shop's texts the way the top bar's language menu does.
      if (saved.language && saved.language !== profile.language) prefs.mutate({ language: saved.language });
      refresh();
      notifySuccess(t(`${A}.profile.saved`));
      onDone();
    },
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (errors.nickname || errors.birthday || save.isPending) return;
    save.mutate();
  };
  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        {save.error && (
          <Alert color="red" role="alert">
            {errorMessage(t, save.error)}
          </Alert>
        )}
        <TextInput
          label={t(`${A}.profile.nickname`)}
          required
          data-autofocus
          value={v.nickname}
          maxLength={64}
          onChange={(e) => {
            const nickname = e.currentTarget.value;
            setV((o) => ({ ...o, nickname }));
          }}
          error={touched ? errors.nickname : null}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label={t('address.firstName')}
            autoComplete="given-name"
            value={v.firstName}
            onChange={(e) => {
              const firstName = e.currentTarget.value;
              setV((o) => ({ ...o, firstName }));
            }}
          />
          <TextInput
            label={t('address.lastName')}
            autoComplete="family-name"
            value={v.lastName}
            onChange={(e) => {
              const lastName = e.currentTarget.value;
              setV((o) => ({ ...o, lastName }));
            }}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Select
            label={t('address.gender')}
            clearable
            value={v.gender}
            onChange={(gender) => setV((o) => ({ ...o, gender: gender as Profile['gender'] }))}
            data={GENDERS.map((g) => ({ value: g, label: t(`address.genders.${g}`) }))}
          />
          <TextInput
            label={t(`${A}.profile.birthday`)}
            type="date"
            value={v.birthday}
            max={new Date().toISOString().slice(0, 10)}
            onChange={(e) => {
              const birthday = e.currentTarget.value;
              setV((o) => ({ ...o, birthday }));
            }}
            error={touched ? errors.birthday : null}
          />
        </SimpleGrid>
        <Select
          label={t(`${A}.profile.language`)}
          value={v.language}
          onChange={(language) => setV((o) => ({ ...o, language: language as Language | null }))}
          data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
        />
        <FormButtons onCancel={onCancel} busy={save.isPending} />
      </Stack>
    </form>
  );
}

// ---------------------------------------------------------------- invitation code

function InvitationSection({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const refresh = useProfileUpdate();
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const fill = useMutation({
    mutationFn: async () => fillInvitationCode((await accountSchemas.load()).InvitationCode.parse(code)),
    onSuccess: (r) => {
      refresh();
      notifySuccess(t(`${A}.invitation.filled`, { points: r.rewardPoints }));
    },
  });
  const codeError = code.trim() ? null : t('validation.required');
  return (
    <Section
      testId="invitation-section"
      title={t(`${A}.invitation.title`)}
      description={t(`${A}.invitation.description`)}
      value={
        <Group gap="xs" component="span">
          <span>{t(`${A}.invitation.yours`)}</span>
          <Badge size="lg" variant="light" data-testid="own-invitation-code">
            {profile.invitationCode}
          </Badge>
          <CopyButton value={profile.invitationCode}>
            {({ copied, copy }) => (
              <LazyTooltip label={copied ? t(`${A}.invitation.copied`) : t(`${A}.invitation.copy`)}>
                <ActionIcon variant="subtle" onClick={copy} aria-label={t(`${A}.invitation.copy`)}>
                  {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                </ActionIcon>
              </LazyTooltip>
            )}
          </CopyButton>
        </Group>
      }
    >
      {profile.invitedFilled ? (
        <Text size="sm" mt="sm" c="dimmed">
          {t(`${A}.invitation.alreadyFilled`)}
        </Text>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setTouched(true);
            if (!codeError && !fill.isPending) fill.mutate();
          }}
        >
          <Group align="flex-start" gap="xs" mt="sm" wrap="nowrap">
            <TextInput
              style={{ flex: '1 1 200px', maxWidth: 320 }}
              label={t(`${A}.invitation.friendCode`)}
              value={code}
              maxLength={32}
              onChange={(e) => setCode(e.currentTarget.value)}
              error={fill.error ? errorMessage(t, fill.error) : touched ? codeError : null}
            />
            <Button type="submit" mt={25} loading={fill.isPending}>
              {t(`${A}.invitation.submit`)}
            </Button>
          </Group>
        </form>
      )}
    </Section>
  );
}

// ---------------------------------------------------------------- enterprise notice emails

function NoticeEmailsSection() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const list = useNoticeEmails(true);
  const [editing, setEditing] = useState<NoticeEmail | 'new' | null>(null);
  const [removing, setRemoving] = useState<NoticeEmail | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => deleteNoticeEmail(id),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: noticeEmailsKey });
      setRemoving(null);
      notifySuccess(t(`${A}.notice.deleted`));
    },
  });
  const data = list.data?.data ?? [];
  const max = list.data?.max ?? 10;
  return (
    <Section
      testId="notice-section"
      title={t(`${A}.notice.title`)}
      description={t(`${A}.notice.description`)}
      value={
        list.data && (
          <Text span size="sm" c="dimmed" fw={400}>
            {t(`${A}.notice.counter`, { count: data.length, max })}
          </Text>
        )
      }
      action={
        <Button variant="default" disabled={!list.data || data.length >= max} onClick={() => setEditing('new')}>
          {t(`${A}.notice.add`)}
        </Button>
      }
    >
      {list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending ? null : data.length === 0 ? (
        <Text size="sm" mt="sm" c="dimmed">
          {t(`${A}.notice.empty`)}
        </Text>
      ) : (
        <Stack gap={4} mt="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {data.map((n) => (
            <Group key={n.id} component="li" justify="space-between" wrap="nowrap" data-testid="notice-email">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {n.email}
              </Text>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  aria-label={t(`${A}.notice.editOne`, { email: n.email })}
                  onClick={() => setEditing(n)}
                >
                  <IconPencil size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red.8"
                  aria-label={t(`${A}.notice.deleteOne`, { email: n.email })}
                  onClick={() => setRemoving(n)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      {data.length >= max && (
        <Text size="sm" mt="xs" c="dimmed">
          {t('errors.Enterprise.noticeEmailLimit')}
        </Text>
      )}
      <Dialog
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t(editing === 'new' ? `${A}.notice.add` : `${A}.notice.edit`)}
      >
        <NoticeEmailForm
          current={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
          onCancel={() => setEditing(null)}
        />
      </Dialog>
      <ConfirmDialog
        opened={!!removing}
        onClose={() => setRemoving(null)}
        title={t(`${A}.notice.deleteTitle`)}
        danger
        confirmLabel={t(`${A}.notice.delete`)}
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id)}
      >
        <Text size="sm">{t(`${A}.notice.deleteConfirm`, { email: removing?.email ?? '' })}</Text>
        {remove.error && (
          <Alert color="red" role="alert">
            {errorMessage(t, remove.error)}
          </Alert>
        )}
      </ConfirmDialog>
    </Section>
  );
}

function NoticeEmailForm({
  current,
  onDone,
  onCancel,
}: {
  current: NoticeEmail | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { Email } = useSchemas(accountSchemas);
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [email, setEmail] = useState(current?.email ?? '');
  const [touched, setTouched] = useState(false);
  const save = useMutation({
    mutationFn: () =>
      current ? updateNoticeEmail(current.id, Email.parse(email)) : createNoticeEmail(Email.parse(email)),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: noticeEmailsKey });
      notifySuccess(t(`${A}.notice.saved`));
      onDone();
    },
  });
  const emailError = Email.safeParse(email).success ? null : t('errors.field.email');
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (!emailError && !save.isPending) save.mutate();
      }}
    >
      <Stack>
        <TextInput
          label={t(`${A}.notice.email`)}
          type="email"
          required
          data-autofocus
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={save.error ? errorMessage(t, save.error) : touched ? emailError : null}
        />
        <FormButtons onCancel={onCancel} busy={save.isPending} />
      </Stack>
    </form>
  );
}

// ---------------------------------------------------------------- delete account

function DeleteAccountSection({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Section
      testId="delete-section"
      danger
      title={t(`${A}.delete.title`)}
      description={t(`${A}.delete.description`)}
      action={
        <Button color="red" variant="outline" onClick={() => setOpen(true)}>
          {t(`${A}.delete.start`)}
        </Button>
      }
    >
      <Dialog opened={open} onClose={() => setOpen(false)} title={t(`${A}.delete.dialogTitle`)}>
        <DeleteForm profile={profile} onCancel={() => setOpen(false)} />
      </Dialog>
    </Section>
  );
}

function keptAndErased(t: TFunction) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }}>
      <div>
        <Text size="sm" fw={600}>
          {t(`${A}.delete.erasedTitle`)}
        </Text>
        <List size="sm">
          {(t(`${A}.delete.erased`, { returnObjects: true }) as string[]).map((s) => (
            <List.Item key={s}>{s}</List.Item>
          ))}
        </List>
      </div>
      <div>
        <Text size="sm" fw={600}>
          {t(`${A}.delete.keptTitle`)}
        </Text>
        <List size="sm">
          {(t(`${A}.delete.kept`, { returnObjects: true }) as string[]).map((s) => (
            <List.Item key={s}>{s}</List.Item>
          ))}
        </List>
      </div>
    </SimpleGrid>
  );
}

/** Captcha + a code to the account's email (or phone when there is no email), then a last confirmation. */
function DeleteForm({ profile, onCancel }: { profile: Profile; onCancel: () => void }) {
  const { VerificationCode } = useSchemas(accountSchemas);
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const byEmail = !!profile.email;
  const [captcha, setCaptcha] = useState<CaptchaValue | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const codeError = VerificationCode.safeParse(code).success ? null : t('errors.Account.codeFormat');
  const send = async () => {
    try {
      return byEmail
        ? await sendDestroyEmailCode(profile.email!, captcha!)
        : await sendDestroySmsCode(profile.mobilePrefix ?? '', profile.mobile ?? '', captcha!);
    } finally {
      // The solved challenge was used up by this call.
      setCaptchaRound((n) => n + 1);
    }
  };
  const destroy = useMutation({
    mutationFn: () =>
      destroyAccount(
        byEmail
          ? { email: profile.email!, emailCode: code }
          : { prefix: profile.mobilePrefix ?? '', mobile: profile.mobile ?? '', smsCode: code },
      ),
    onSuccess: async () => {
      // Home first (this page needs a login), then the server's new tourist session and everything else anew.
      // The move must have finished first: a session read as logged out while still here sends the page to /login.
      await navigate('/', { replace: true });
      notifySuccess(t(`${A}.delete.done`));
      void qc.invalidateQueries();
    },
    onError: () => setConfirming(false),
  });
  const err = destroy.error;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (!codeError) setConfirming(true);
      }}
    >
      <Stack>
        <Text size="sm">{t(`${A}.delete.intro`)}</Text>
        {keptAndErased(t)}
        {err && !isCodeError(err) && (
          <Alert color="red" role="alert" title={t(`${A}.delete.refused`)}>
            {errorMessage(t, err)}
          </Alert>
        )}
        <Captcha onChange={setCaptcha} resetKey={captchaRound} />
        <CodeInput
          value={code}
          onChange={setCode}
          onSend={send}
          canSend={!!captcha}
          sendHint={t('security.code.needCaptcha')}
          label={t(byEmail ? `${A}.delete.codeEmail` : `${A}.delete.codePhone`)}
          sentTo={byEmail ? maskEmail(profile.email!) : maskMobile(profile.mobilePrefix, profile.mobile ?? '')}
          error={isCodeError(err) ? errorMessage(t, err) : touched ? codeError : null}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color="red">
            {t(`${A}.delete.next`)}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t(`${A}.delete.confirmTitle`)}
        danger
        confirmLabel={t(`${A}.delete.confirm`)}
        busy={destroy.isPending}
        onConfirm={() => destroy.mutate()}
      >
        <Text size="sm">{t(`${A}.delete.confirmText`)}</Text>
      </ConfirmDialog>
    </form>
  );
}
