/**
 * The pages the subscription emails link to: confirm (double opt-in) and unsubscribe. Each asks
 * for a click first: mail scanners open links on their own, and must neither confirm nor
 * unsubscribe anyone.
 */
import { useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { SubscriptionLinkResult } from '@mall/contracts';
import { errorMessage } from '../../../shared/errors';
import { confirmSubscription, unsubscribe } from '../api/subscription';

function LinkPage({ kind }: { kind: 'confirm' | 'unsubscribe' }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const act = useMutation<SubscriptionLinkResult, Error>({
    mutationFn: () => (kind === 'confirm' ? confirmSubscription(token) : unsubscribe(token)),
  });
  const done = act.data;
  return (
    <Container size="xs" py="xl">
      <Paper withBorder p="lg">
        <Stack>
          <Title order={1} size="h2">
            {t(`subscription.${kind}.title`)}
          </Title>
          {!token ? (
            <Alert color="red" role="alert">
              {t('subscription.missingToken')}
            </Alert>
          ) : done ? (
            <Alert
              color={done.status === 'UNSUBSCRIBED' && kind === 'confirm' ? 'orange' : 'green'}
              role="status"
              data-testid="subscription-result"
            >
              {t(`subscription.result.${done.status}`, { address: done.address })}
            </Alert>
          ) : (
            <>
              <Text>{t(`subscription.${kind}.intro`)}</Text>
              {act.error && (
                <Alert color="red" role="alert">
                  {errorMessage(t, act.error)}
                </Alert>
              )}
              <Button
                onClick={() => act.mutate()}
                loading={act.isPending}
                color={kind === 'unsubscribe' ? 'red' : undefined}
              >
                {t(`subscription.${kind}.button`)}
              </Button>
            </>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}

export const ConfirmSubscriptionPage = () => <LinkPage kind="confirm" />;
export const UnsubscribePage = () => <LinkPage kind="unsubscribe" />;
