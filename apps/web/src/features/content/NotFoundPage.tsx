import { Link } from 'react-router';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyBlock } from '../../shared/EmptyBlock';

export function NotFoundPage() {
  const { t } = useTranslation();
  return <EmptyBlock title={t('common.notFound')}><Button component={Link} to="/">{t('common.backHome')}</Button></EmptyBlock>;
}
