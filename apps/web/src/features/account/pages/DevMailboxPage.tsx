/**
 * /dev/mailbox (development only; the API answers 404 in production unless DEV_MAILBOX=1):
 * the emails and SMS the shop sent, newest first, filterable by recipient. The HTML part is
 * shown in a sandboxed frame (no scripts, no same-origin access), the text part as text.
 */
import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Paper,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DevMailboxMessage } from '@mall/contracts';
import { errorMessage } from '../../../shared/errors';
import { useMailbox } from '../api/devMailbox';

export function DevMailboxPage() {
  const { t, i18n } = useTranslation();
  const [to, setTo] = useState('');
  const mailbox = useMailbox(to);
  const messages = mailbox.data?.messages ?? [];
  return (
    <Container size="md" py="lg">
      <Title order={1} size="h2">
        {t('security.mailbox.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('security.mailbox.intro')}
      </Text>
      <Group align="flex-end" mb="md" wrap="wrap">
        <TextInput
          style={{ flex: '1 1 220px' }}
          label={t('security.mailbox.filter')}
          placeholder={t('security.mailbox.filterPlaceholder')}
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
        />
        <Button variant="default" onClick={() => void mailbox.refetch()} loading={mailbox.isFetching}>
          {t('security.mailbox.refresh')}
        </Button>
      </Group>
      {mailbox.isPending ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : mailbox.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(t, mailbox.error)}
        </Alert>
      ) : !messages.length ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('security.mailbox.empty')}
        </Text>
      ) : (
        <Stack
          component="ul"
          gap="sm"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          aria-label={t('security.mailbox.title')}
        >
          {messages.map((m) => (
            <li key={m.id}>
              <MessageCard m={m} locale={i18n.language} />
            </li>
          ))}
        </Stack>
      )}
    </Container>
  );
}

function MessageCard({ m, locale }: { m: DevMailboxMessage; locale: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md" data-testid="mail">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {m.channel === 'sms' ? m.text : m.subject}
        </Text>
        <Badge variant="light" color={m.channel === 'sms' ? 'grape' : 'blue'}>
          {t(`security.mailbox.${m.channel}`)}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {t('security.mailbox.to')}: {m.to} · {t('security.mailbox.time')}:{' '}
        {new Date(m.createdAt).toLocaleString(locale)}
      </Text>
      {m.channel === 'email' && (
        <Tabs defaultValue={m.html ? 'html' : 'text'} mt="sm">
          <Tabs.List>
            {m.html && <Tabs.Tab value="html">{t('security.mailbox.html')}</Tabs.Tab>}
            <Tabs.Tab value="text">{t('security.mailbox.text')}</Tabs.Tab>
          </Tabs.List>
          {m.html && (
            <Tabs.Panel value="html" pt="xs">
              <iframe
                title={t('security.mailbox.htmlFrame', { subject: m.subject })}
                sandbox=""
                srcDoc={m.html}
                style={{
                  width: '100%',
                  height: 360,
                  border: '1px solid var(--mantine-color-gray-3)',
                  borderRadius: 4,
                  background: '#fff',
                }}
              />
            </Tabs.Panel>
          )}
          <Tabs.Panel value="text" pt="xs">
            <Text
              component="pre"
              size="sm"
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }}
              data-testid="mail-text"
            >
              {m.text}
            </Text>
          </Tabs.Panel>
        </Tabs>
      )}
    </Paper>
  );
}
