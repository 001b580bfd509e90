import type { ReactNode } from 'react';
import { Paper, Title } from '@mantine/core';

/** A bordered section of the checkout, a region named by its heading. */
export function Section({ title, children, ...rest }: { title: string; children: ReactNode; 'data-testid'?: string }) {
  return (
    <Paper component="section" withBorder p="md" aria-label={title} {...rest}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
