import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Stands in for a part of a page whose code or data is still arriving: a small loader in its place. */
export function PartLoading() {
  const { t } = useTranslation();
  return (
    <Center py="md">
      <Loader size="sm" aria-label={t('common.loading')} />
    </Center>
  );
}
