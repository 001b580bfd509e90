/** The message thread of a bulk request: the same for its buyer and the shop's seller, each writing as themselves. */
import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { BULK_MESSAGE_MAX, type BulkRequestView } from '@mall/contracts';
import { notifyError } from '../../../shared/errors';
import { useSendMessage } from '../api/bulk';

export function MessageThread({ view, seller = false }: { view: BulkRequestView; seller?: boolean }) {
  const { t } = useTranslation();
  const send = useSendMessage(view.id, seller);
  const [text, setText] = useState('');
  const mine = seller ? 'SELLER' : 'BUYER';
  const canWrite = view.actions.includes('message');
  return (
    <Stack gap="sm" data-testid="bulk-thread">
      {view.messages.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('bulk.noMessages')}
        </Text>
      )}
      {view.messages.map((m) => (
        <Paper
          key={m.id}
          p="xs"
          radius="md"
          withBorder
          bg={m.author === mine ? 'blue.0' : undefined}
          ml={m.author === mine ? 'xl' : 0}
          mr={m.author === mine ? 0 : 'xl'}
          data-testid="bulk-message"
        >
          <Text size="xs" c="dimmed">
            {t(m.author === 'SELLER' ? 'bulk.fromSeller' : 'bulk.fromBuyer', {
              name: m.author === 'SELLER' ? view.shop.name : view.buyerName,
            })}{' '}
            · {dayjs(m.createdAt).format('YYYY-MM-DD HH:mm')}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {m.body}
          </Text>
        </Paper>
      ))}
      {canWrite && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!text.trim() || send.isPending) return;
            send.mutate(text.trim(), { onSuccess: () => setText(''), onError: (err) => notifyError(t, err) });
          }}
        >
          <Stack gap="xs">
            <Textarea
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              maxLength={BULK_MESSAGE_MAX}
              autosize
              minRows={2}
              label={t('bulk.writeLabel')}
              placeholder={t(seller ? 'bulk.writeToBuyer' : 'bulk.writeToSeller')}
              data-testid="bulk-message-input"
            />
            <Group justify="flex-end">
              <Button type="submit" loading={send.isPending} disabled={!text.trim()} data-testid="bulk-message-send">
                {t('bulk.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
