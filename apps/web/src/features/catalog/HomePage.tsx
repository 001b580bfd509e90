import { memo, useState, type Dispatch, type SetStateAction } from 'react';
import { useSearchParams, type SetURLSearchParams } from 'react-router';
import { Badge, Container, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ItemBusinessType, ItemCard } from '@mall/contracts';
import { useMoney } from '../../shared/format';
import { EmptyBlock } from '../../shared/EmptyBlock';
import { useProgressiveCount } from '../../shared/useProgressiveCount';
import { useItems } from './api';
export { loadHomePage } from './api';
import { PlainCard, PlainChip, PlainGroup, PlainImage, PlainSkeleton, PlainStack, PlainText, spacing } from '../../shared/plain';

// Spelled out rather than read from the zod enum, which would pull zod into the home page's
// first load; `satisfies` keeps the list in step with the contract's kinds (gifts are not sold).
const KIND_FILTER = { NORMAL: true, WEIGHT: true, DIY: true, GIFT: false, SERVICE: true, PRESALE: true, POINT: true, BULK: true } satisfies Record<ItemBusinessType, boolean>;
const KINDS = (Object.keys(KIND_FILTER) as ItemBusinessType[]).filter((k) => KIND_FILTER[k]);

/**
 * Plain elements with Mantine's classes (shared/plain.tsx): a phone's first load renders a dozen.
 * Memoised: the grid grows in slices (useProgressiveCount), and a slice renders its own tiles,
 * not again the ones shown.
 */
export const ItemTile = memo(function ItemTile({ item }: { item: ItemCard }) {
  const { t } = useTranslation();
  const fmt = useMoney();
  return (
    <PlainCard padding="sm" to={`/item/${item.urlKey}`} data-testid="item-card" media={<PlainImage src={item.mainImage} alt="" height={180} />}>
      <PlainStack gap={4} style={{ marginTop: spacing('sm') }}>
        <PlainText fw={500} lineClamp={2}>{item.itemName}</PlainText>
        <PlainText size="xs" c="dimmed">{item.shop.name}</PlainText>
        <PlainGroup gap="xs" justify="space-between">
          <PlainText fw={700}>{item.pointsPrice !== null ? t('catalog.points', { count: item.pointsPrice }) : fmt(item.price)}</PlainText>
          {item.businessTypeDict !== 'NORMAL' && <Badge size="xs" variant="light">{t(`catalog.kind.${item.businessTypeDict}`)}</Badge>}
        </PlainGroup>
        {!item.inStock && <PlainText size="xs" c="red">{t('catalog.soldOut')}</PlainText>}
      </PlainStack>
    </PlainCard>
  );
});

/**
 * The tiles in slices of two (one row on a phone), each slice a short task of its own: a slice of
 * eight held a phone's main thread four times as long. Its own component, so a slice renders the
 * grid alone, not the search and the filter chips again.
 */
function ItemGrid({ items }: { items: ItemCard[] }) {
  // Four come at once: the first screen on a phone (two rows of two).
  const shown = useProgressiveCount(items.length, 4, 2);
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="md">
      {items.slice(0, shown).map((item) => <ItemTile key={item.id} item={item} />)}
    </SimpleGrid>
  );
}

/**
 * The search box and the kind chips. Memoised: the items arriving re-render the page, and these
 * do not change with them (a second render of the chips on a phone's first load).
 */
const HomeFilters = memo(function HomeFilters({ keyword, setKeyword, type, setParams }: {
  keyword: string; setKeyword: Dispatch<SetStateAction<string>>; type: ItemBusinessType | ''; setParams: SetURLSearchParams;
}) {
  const { t } = useTranslation();
  const chosen = type || 'ALL';
  const setType = (v: string) => setParams(v === 'ALL' ? {} : { type: v });
  return (
    <Stack gap="sm" mb="md">
      <TextInput leftSection={<IconSearch size={16} />} placeholder={t('catalog.search')} aria-label={t('catalog.search')}
        value={keyword} onChange={(e) => setKeyword(e.currentTarget.value)} maw={420} />
      <PlainGroup gap="xs">
        {['ALL', ...KINDS].map((k) => <PlainChip key={k} value={k} size="xs" checked={chosen === k} onChoose={setType}>{t(`catalog.kind.${k}`)}</PlainChip>)}
      </PlainGroup>
    </Stack>
  );
});

export function HomePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [keyword, setKeyword] = useState(params.get('keyword') ?? '');
  const [debounced] = useDebouncedValue(keyword.trim(), 300);
  const type = (params.get('type') ?? '') as ItemBusinessType | '';
  const { data, isLoading, isError } = useItems({ keyword: debounced || undefined, type: type || undefined });
  return (
    <Container size="lg" py="md">
      <Title order={1} size="h2" mb="md">{t('catalog.title')}</Title>
      <HomeFilters keyword={keyword} setKeyword={setKeyword} type={type} setParams={setParams} />
      {isError && <EmptyBlock title={t('errors.Common.internal')} />}
      {isLoading && (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }}>
          {Array.from({ length: 8 }, (_, i) => <PlainSkeleton key={i} height={280} />)}
        </SimpleGrid>
      )}
      {data && data.data.length === 0 && <EmptyBlock title={t('catalog.empty')} />}
      {data && data.data.length > 0 && (
        <ItemGrid items={data.data} />
      )}
    </Container>
  );
}
