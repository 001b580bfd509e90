import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A page's or a list's place while its data is read: Mantine's centred Loader, named for screen readers. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader aria-label={t('common.loading')} role="status" />
    </Center>
  );
}
