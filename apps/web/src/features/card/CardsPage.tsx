import { lazy, Suspense, useState } from 'react';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SavedCard } from '@mall/contracts';
import { api } from '../../shared/api';
import { EmptyBlock } from '../../shared/EmptyBlock';
import { notifyError } from '../../shared/errors';
import { LazyModal } from '../../shared/LazyModal';
import { cardsKey, useSavedCards } from './api';
import { CardLabel } from './components/CardLabel';
import { PartLoading } from '../../shared/PartLoading';
import { PageLoading } from '../../shared/PageLoading';
import { usePhoneAfterMount } from '../../shared/usePhoneAfterMount';

/** The card form and the dialogs load on first open: the page's first paint is the list. */
const CardForm = lazy(() => import('./CardForm').then((m) => ({ default: m.CardForm })));

/** /buyer/cards: saved cards with add and remove. */
export function CardsPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { data, isLoading } = useSavedCards();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<SavedCard | null>(null);
  const mobile = usePhoneAfterMount();
  if (isLoading) return <PageLoading />;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('buyer.menu.cards')}
        </Title>
        <Button onClick={() => setAdding(true)}>{t('card.add')}</Button>
      </Group>
      {!data?.length && <EmptyBlock title={t('buyer.empty.cards')} />}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {data?.map((c) => (
          <Card key={c.id} withBorder data-testid="saved-card">
            <Group justify="space-between">
              <CardLabel card={c} />
              {c.isDefault && <Badge>{t('address.default')}</Badge>}
            </Group>
            <Button
              mt="sm"
              size="compact-sm"
              variant="subtle"
              color="red"
              w="fit-content"
              onClick={() => setRemoving(c)}
            >
              {t('address.delete')}
            </Button>
          </Card>
        ))}
      </SimpleGrid>
      <LazyModal opened={adding} onClose={() => setAdding(false)} title={t('card.add')} size="lg" fullScreen={mobile}>
        {adding && (
          <Suspense fallback={<PartLoading />}>
            <CardForm onDone={() => setAdding(false)} onCancel={() => setAdding(false)} />
          </Suspense>
        )}
      </LazyModal>
      <LazyModal opened={!!removing} onClose={() => setRemoving(null)} title={t('card.removeTitle')} centered>
        <Text size="sm">{t('card.removeConfirm', { tail: removing?.tailNumber })}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setRemoving(null)}>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            onClick={() =>
              removing &&
              api(`/api/cards/${removing.id}`, { method: 'DELETE' })
                .then(() => {
                  setRemoving(null);
                  return qc.invalidateQueries({ queryKey: cardsKey });
                })
                .catch((e) => notifyError(t, e))
            }
          >
            {t('address.delete')}
          </Button>
        </Group>
      </LazyModal>
    </Stack>
  );
}
