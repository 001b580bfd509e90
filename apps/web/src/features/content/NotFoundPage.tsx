import { data, Link } from 'react-router';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PageContext } from '../../app/page-context';
import { EmptyBlock } from '../../shared/EmptyBlock';

/** A path no route knows: the server answers 404 with this page. */
export const loadNotFoundPage = async (page: PageContext) => (page.server ? data(null, { status: 404 }) : undefined);

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <EmptyBlock title={t('common.notFound')}>
      <Button component={Link} to="/">
        {t('common.backHome')}
      </Button>
    </EmptyBlock>
  );
}
