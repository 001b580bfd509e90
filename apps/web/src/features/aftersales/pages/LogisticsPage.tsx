/**
 * /buyer/m-logistics?id= (mobile; desktop shows the same view in a modal): return and exchange
 * shipping. The list arrives through navigation state; opened directly, the detail is loaded.
 */
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Anchor, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ReverseShipment, ReverseTypeValue } from '@mall/contracts';
import { EmptyBlock } from '../../../shared/EmptyBlock';
import { isId } from '../api/keys';
import { isReverseNotFound, useReverseDetail } from '../api/queryById';
import { LogisticsView } from '../components/LogisticsView';
import { LoadError, PageSkeleton } from '../components/States';

interface LogisticsState {
  list?: ReverseShipment[];
  type?: ReverseTypeValue;
  fromDetail?: boolean;
}

export function LogisticsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const state = (useLocation().state ?? null) as LogisticsState | null;
  const fromState = Array.isArray(state?.list) ? state.list : null;
  const detail = useReverseDetail(id, !fromState);
  const list = fromState ?? detail.data?.fulfillmentProgressList ?? null;
  const type = state?.type ?? detail.data?.reverseTradeOrderType;

  let body;
  if (list) body = <LogisticsView list={list} type={type} />;
  else if (!isId(id) || isReverseNotFound(detail.error)) body = <EmptyBlock title={t('orders.track.none')} />;
  else if (detail.isLoading) body = <PageSkeleton />;
  else body = <LoadError error={detail.error} onRetry={() => void detail.refetch()} />;

  return (
    <Stack gap="md" data-testid="logistics-page">
      {isId(id) && (
        <Anchor
          component={Link}
          to={`/buyer/as/detail/${id}`}
          size="sm"
          w="fit-content"
          onClick={(e) => {
            if (state?.fromDetail) {
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
      )}
      <Title order={1} size="h2">
        {t('aftersales.logistics.title')}
      </Title>
      {body}
    </Stack>
  );
}
