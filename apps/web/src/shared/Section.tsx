import type { ReactNode } from 'react';
import { Paper, Title } from '@mantine/core';

/** A bordered section of a page, a region named by its heading. */
export function Section({
  title,
  children,
  testId,
  id,
  compactOnPhone,
  titleOrder = 2,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
  id?: string;
  /** Less padding on phones (the after-sales forms). */
  compactOnPhone?: boolean;
  /** The heading's level: 3 for a section inside an item that has its own heading. */
  titleOrder?: 2 | 3;
}) {
  return (
    <Paper
      component="section"
      withBorder
      p={compactOnPhone ? { base: 'sm', sm: 'md' } : 'md'}
      id={id}
      aria-label={title}
      data-testid={testId}
    >
      <Title order={titleOrder} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
