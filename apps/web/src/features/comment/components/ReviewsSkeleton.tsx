import { Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Columns } from '../../../shared/Columns';

/** The reviews section's shape while its overview and list load: the average, five bars, two reviews. */
export function ReviewsSkeleton() {
  const { t } = useTranslation();
  return (
    <Columns widths={[4, 8]} gap="xl" aria-busy aria-label={t('common.loading')}>
      <div>
        <Stack gap="xs">
          <Skeleton h={44} w={160} />
          {[5, 4, 3, 2, 1].map((s) => <Skeleton key={s} h={14} />)}
        </Stack>
      </div>
      <div>
        <Stack gap="lg">{[0, 1].map((i) => <Stack key={i} gap={6}><Skeleton h={14} w="40%" /><Skeleton h={12} /><Skeleton h={12} w="80%" /></Stack>)}</Stack>
      </div>
    </Columns>
  );
}
