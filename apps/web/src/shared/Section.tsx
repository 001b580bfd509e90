import type { ReactNode } from 'react';
import { Paper, Title } from '@mantine/core';

/** A bordered section of a page, a region named by its heading. */
export function Section({
  title,
  children,
  testId,
  id,
  compactOnPhone,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
  id?: string;
  /** Less padding on phones (the after-sales forms). */
  compactOnPhone?: boolean;
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
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
