import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ArticleSummary } from '@mall/contracts';
import { formatMediumDate } from '../../../shared/dates';
import { useSite } from '../../../shared/session';

export function ArticleMeta({ a }: { a: ArticleSummary }) {
  const { t } = useTranslation();
  const site = useSite();
  const date = formatMediumDate(a.publishedAt, site.locale);
  return (
    <Group gap="xs" wrap="wrap">
      {a.pinned && (
        <Badge size="sm" variant="light">
          {t('content.pinned')}
        </Badge>
      )}
      {a.categoryName && (
        <Badge size="sm" variant="outline" color="gray">
          {a.categoryName}
        </Badge>
      )}
      <Text size="sm" c="dimmed">
        {a.author ? t('content.byOn', { author: a.author, date }) : date}
      </Text>
    </Group>
  );
}
