/**
 * /buyer/send-back-items?id=: return carrier and tracking number. The detail opens this page on
 * phones (the carrier list as a bottom sheet) and the same form in a modal on wider screens.
 */
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyBlock } from '../../../shared/EmptyBlock';
import { isId } from '../api/keys';
import { isReverseNotFound, useReverseDetail } from '../api/queryById';
import { SendBackForm } from '../components/SendBackForm';
import { LoadError, PageSkeleton } from '../components/States';

export function SendBackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const fromDetail = !!(useLocation().state as { fromDetail?: boolean } | null)?.fromDetail;
  /** Back to the detail: history back when we came from it (no second copy in history), else a replace. */
  const toDetail = () => (fromDetail ? navigate(-1) : navigate(`/buyer/as/detail/${id}`, { replace: true }));
  const detail = useReverseDetail(id);
  const backLink = (
    <Anchor
      component={Link}
      to={`/buyer/as/detail/${id}`}
      size="sm"
      w="fit-content"
      onClick={(e) => {
        if (fromDetail) {
          e.preventDefault();
          void navigate(-1);
        }
      }}
    >
      <Group gap={4}>
        <IconArrowLeft size={14} aria-hidden />
        {t('aftersales.backToDetail')}
      </Group>
    </Anchor>
  );
  if (!isId(id) || isReverseNotFound(detail.error)) return <EmptyBlock title={t('aftersales.detail.notFound')} />;
  if (detail.isLoading) return <PageSkeleton />;
  if (detail.error || !detail.data) return <LoadError error={detail.error} onRetry={() => void detail.refetch()} />;
  const r = detail.data;
  return (
    <Stack gap="md" data-testid="send-back-page">
      {backLink}
      <Title order={1} size="h2">
        {t('aftersales.sendBack.title')}
      </Title>
      <Text size="sm" c="gray.7">
        {t('aftersales.number', { code: r.reverseTradeOrderCode })}
      </Text>
      {r.operationList.includes('sendBack') ? (
        <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
          <SendBackForm
            reverseId={r.id}
            returnAddress={r.returnAddress}
            sheet
            onDone={() => {
              notifications.show({ color: 'green', message: t('aftersales.sendBack.done') });
              void toDetail();
            }}
          />
        </Paper>
      ) : (
        <EmptyBlock title={t('aftersales.sendBack.notNow')}>
          <Anchor component={Link} to={`/buyer/as/detail/${r.id}`}>
            {t('aftersales.backToDetail')}
          </Anchor>
        </EmptyBlock>
      )}
    </Stack>
  );
}
