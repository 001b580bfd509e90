import { lazy, Suspense, useState } from 'react';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { Address } from '@mall/contracts';
import { EmptyBlock } from '../../shared/EmptyBlock';
import { notifyError } from '../../shared/errors';
import { LazyModal } from '../../shared/LazyModal';
import { useAddressAction, useAddresses, useSaveAddress } from './api';
import { formatAddressLines } from './components/addressLines';
import { useCountryName } from '../../shared/countries';
import { PartLoading } from '../../shared/PartLoading';
import { PageLoading } from '../../shared/PageLoading';
import { usePhoneAfterMount } from '../../shared/usePhoneAfterMount';

/** The form (with its selects) and the dialogs load on first open: the book's first paint is the list. */
const AddressForm = lazy(() => import('./AddressForm').then((m) => ({ default: m.AddressForm })));

export function AddressBookPage() {
  const { t } = useTranslation();
  const { countryName } = useCountryName();
  const { data: list, isLoading } = useAddresses();
  const save = useSaveAddress();
  const action = useAddressAction();
  const mobile = usePhoneAfterMount();
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);

  const close = () => {
    setEditing(null);
    save.reset();
  };
  if (isLoading) return <PageLoading />;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('buyer.menu.addresses')}
        </Title>
        <Button onClick={() => setEditing('new')}>{t('address.add')}</Button>
      </Group>
      {!list?.length && <EmptyBlock title={t('buyer.empty.addresses')} />}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {list?.map((a) => (
          <Card key={a.id} withBorder data-testid="address-card">
            <Group justify="space-between" mb={4}>
              <Text fw={600}>{a.personName}</Text>
              <Group gap={4}>
                {a.addressType === 'COMPANY' && (
                  <Badge variant="light" color="gray">
                    {t('address.types.COMPANY')}
                  </Badge>
                )}
                {a.isDefault && <Badge>{t('address.default')}</Badge>}
              </Group>
            </Group>
            {a.company && <Text size="sm">{a.company}</Text>}
            {formatAddressLines(a, countryName).map((l) => (
              <Text key={l} size="sm">
                {l}
              </Text>
            ))}
            <Text size="sm" c="dimmed">
              {a.areaCode} {a.personPhone} · {a.email}
            </Text>
            <Group gap="xs" mt="sm">
              <Button size="compact-sm" variant="light" onClick={() => setEditing(a)}>
                {t('address.edit')}
              </Button>
              {!a.isDefault && (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  loading={action.isPending && action.variables?.id === a.id && action.variables.action === 'default'}
                  onClick={() => action.mutate({ id: a.id, action: 'default' }, { onError: (e) => notifyError(t, e) })}
                >
                  {t('address.makeDefault')}
                </Button>
              )}
              <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDeleting(a)}>
                {t('address.delete')}
              </Button>
            </Group>
          </Card>
        ))}
      </SimpleGrid>

      <LazyModal
        opened={editing !== null}
        onClose={close}
        size={970}
        fullScreen={mobile}
        title={t(editing === 'new' ? 'address.add' : 'address.edit')}
      >
        {editing !== null && (
          <Suspense fallback={<PartLoading />}>
            <AddressForm
              initial={editing === 'new' ? null : editing}
              submitLabel={t('address.save')}
              saving={save.isPending}
              error={save.error}
              showDefault
              onCancel={close}
              onSubmit={(body) =>
                save.mutate(
                  { id: editing === 'new' ? undefined : editing.id, body },
                  {
                    onSuccess: () => {
                      notifications.show({ color: 'green', message: t('address.saved') });
                      close();
                    },
                  },
                )
              }
            />
          </Suspense>
        )}
      </LazyModal>
      <LazyModal opened={!!deleting} onClose={() => setDeleting(null)} title={t('address.deleteTitle')} centered>
        <Text size="sm">{t('address.deleteConfirm')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setDeleting(null)}>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            loading={action.isPending}
            onClick={() =>
              deleting &&
              action.mutate(
                { id: deleting.id, action: 'delete' },
                {
                  onSuccess: () => setDeleting(null),
                  onError: (e) => notifyError(t, e),
                },
              )
            }
          >
            {t('address.delete')}
          </Button>
        </Group>
      </LazyModal>
    </Stack>
  );
}
