import { useTranslation } from 'react-i18next';
import { PlainLoading } from './plain';

/** A page's or a list's place while its data is read: Mantine's centred Loader markup, named for screen readers. */
export function PageLoading() {
  const { t } = useTranslation();
  return <PlainLoading label={t('common.loading')} />;
}
