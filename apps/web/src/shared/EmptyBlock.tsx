import type { ReactNode } from 'react';
import { Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';

export function EmptyBlock({ title, children, icon }: { title: string; children?: ReactNode; icon?: ReactNode }) {
  return (
    <Stack align="center" gap="sm" py="xl" data-testid="empty-state">
      <ThemeIcon size={56} radius="xl" variant="light" color="gray">
        {icon ?? <IconInbox size={30} />}
      </ThemeIcon>
      <Text fw={500}>{title}</Text>
      {children}
    </Stack>
  );
}
