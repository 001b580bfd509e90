/** Pieces of the review detail and follow-up pages: the way back and the not-found state. */
import { Link, useLocation, useNavigate } from 'react-router';
import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyBlock } from '../../../shared/EmptyBlock';

export function ReviewNotFound() {
  const { t } = useTranslation();
  return (
    <EmptyBlock title={t('comment.detail.notFound')}>
      <Anchor component={Link} to="/buyer/comments?status=comment" c="blue.8">
        {t('comment.form.toList')}
      </Anchor>
    </EmptyBlock>
  );
}

/** Back to where the buyer came from, or to the 'reviewed' tab when the page was opened directly. */
export function BackLink({ to }: { to: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      w="fit-content"
      c="blue.8"
      data-testid="review-back"
      onClick={() => (location.key !== 'default' ? navigate(-1) : navigate(to))}
    >
      <Group gap={4}>
        <IconArrowLeft size={14} aria-hidden />
        {t('orders.back')}
      </Group>
    </Anchor>
  );
}
