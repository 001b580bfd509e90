import { useState, type FormEvent } from 'react';
import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES, ID_NUMBER_RULES, isValidIdNumber } from '@mall/contracts/constants';
import type { Certificate, SiteCode } from '@mall/contracts';
import { api, ApiError } from '../../shared/api';
import { EmptyBlock } from '../../shared/EmptyBlock';
import { ConfirmDialog } from '../../shared/ConfirmDialog';
import { LazyModal } from '../../shared/LazyModal';
import { LoadError } from '../../shared/States';
import { notifyError } from '../../shared/errors';
import { useSite } from '../../shared/session';
import { PageLoading } from '../../shared/PageLoading';
import { usePhoneAfterMount } from '../../shared/usePhoneAfterMount';

const F = '/api/trantor/flow/';
const certificatesKey = ['certificates'] as const;
const useCertificates = () =>
  useQuery({
    queryKey: certificatesKey,
    queryFn: () =>
      api<{ data: Certificate[] }>(`${F}bbc_trade_QueryUserCertificateListFlow`, { body: [{}] }).then((r) => r.data),
  });

type Errors = { name?: string; certificateNumber?: string };
/** Codes of SPEC §5 certificate rules -> the field they belong to and the text key. */
const FIELD_OF: Record<string, [keyof Errors, string]> = {
  [ERROR_CODES.certificateNameRequired]: ['name', 'nameRequired'],
  [ERROR_CODES.certificateNumberRequired]: ['certificateNumber', 'numberRequired'],
  [ERROR_CODES.certificateNumberInvalid]: ['certificateNumber', 'numberInvalid'],
};

/** Add or edit: the same checks as the server (contracts/certificate.ts) before sending. */
export function CertificateForm({
  site,
  editing,
  onDone,
  onCancel,
}: {
  site: SiteCode;
  editing: Certificate | null;
  onDone: () => void;
  /** Without it (the form inline at checkout) there is nothing to cancel. */
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(editing?.name ?? '');
  const [number, setNumber] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const next: Errors = {};
    if (!name.trim()) next.name = t('certificates.errors.nameRequired');
    if (!number.trim()) next.certificateNumber = t('certificates.errors.numberRequired');
    else if (!isValidIdNumber(site, number)) next.certificateNumber = t('certificates.errors.numberInvalid');
    setErrors(next);
    if (next.name || next.certificateNumber) return;
    setBusy(true);
    try {
      const body = editing
        ? [{ id: editing.id, name, certificateNumber: number }]
        : [{ name, certificateNumber: number }];
      await api(`${F}${editing ? 'bbc_trade_EditUserCertificateFlow' : 'bbc_trade_CreateUserCertificateFlow'}`, {
        body,
      });
      onDone();
    } catch (err) {
      const field = err instanceof ApiError ? FIELD_OF[err.code] : undefined;
      if (field) setErrors({ [field[0]]: t(`certificates.errors.${field[1]}`) });
      else if (err instanceof ApiError && err.code === ERROR_CODES.certificateLimit)
        setErrors({ name: t('certificates.errors.limitReached') });
      else notifyError(t, err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label={t('certificates.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          required
          maxLength={100}
          autoComplete="name"
          data-autofocus
        />
        <TextInput
          label={t('certificates.number')}
          value={number}
          onChange={(e) => setNumber(e.currentTarget.value)}
          error={errors.certificateNumber}
          required
          maxLength={40}
          description={[
            editing ? t('certificates.reenter', { masked: editing.certificateNumber }) : null,
            t('certificates.format', { example: ID_NUMBER_RULES[site].example }),
          ]
            .filter(Boolean)
            .join(' ')}
          autoComplete="off"
          spellCheck={false}
        />
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
          )}
          <Button type="submit" loading={busy}>
            {t('certificates.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /buyer/certificates: the buyer's real-name certificates (numbers masked), add, edit, delete. */
export function CertificatesPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { data, isLoading, error, refetch } = useCertificates();
  const [editing, setEditing] = useState<Certificate | 'new' | null>(null);
  const [removing, setRemoving] = useState<Certificate | null>(null);
  const [busy, setBusy] = useState(false);
  const mobile = usePhoneAfterMount();
  const site = useSite().code;
  const done = () => {
    setEditing(null);
    void qc.invalidateQueries({ queryKey: certificatesKey });
  };
  if (isLoading) return <PageLoading />;
  if (error) return <LoadError error={error} onRetry={() => void refetch()} />;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('certificates.title')}
        </Title>
        <Button onClick={() => setEditing('new')}>{t('certificates.add')}</Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('certificates.maskedNote')}
      </Text>
      {!data?.length && <EmptyBlock title={t('certificates.empty')} />}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {data?.map((c) => (
          <Card key={c.id} withBorder data-testid="certificate">
            <Text fw={600}>{c.name}</Text>
            <Text size="sm" ff="monospace" aria-label={t('certificates.number')}>
              {c.certificateNumber}
            </Text>
            <Group gap="xs" mt="sm">
              <Button size="compact-sm" variant="light" onClick={() => setEditing(c)}>
                {t('certificates.edit')}
              </Button>
              <Button size="compact-sm" variant="subtle" color="red" onClick={() => setRemoving(c)}>
                {t('certificates.delete')}
              </Button>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
      <LazyModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('certificates.add') : t('certificates.edit')}
        fullScreen={mobile}
      >
        {editing !== null && (
          <CertificateForm
            site={site}
            editing={editing === 'new' ? null : editing}
            onDone={done}
            onCancel={() => setEditing(null)}
          />
        )}
      </LazyModal>
      <ConfirmDialog
        opened={!!removing}
        onClose={() => setRemoving(null)}
        title={t('certificates.delete')}
        confirmLabel={t('certificates.delete')}
        danger
        busy={busy}
        onConfirm={() => {
          if (!removing) return;
          setBusy(true);
          api(`${F}bbc_trade_DeleteUserCertificateFlow`, { body: [{ id: removing.id }] })
            .then(() => {
              setRemoving(null);
              return qc.invalidateQueries({ queryKey: certificatesKey });
            })
            .catch((e) => notifyError(t, e))
            .finally(() => setBusy(false));
        }}
      >
        <Text size="sm">{t('certificates.deleteConfirm', { name: removing?.name ?? '' })}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
