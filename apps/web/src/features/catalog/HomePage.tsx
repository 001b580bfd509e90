import { memo, useState, type Dispatch, type SetStateAction } from 'react';
import { Link, useSearchParams, type SetURLSearchParams } from 'react-router';
import {
  Badge,
  Card,
  Chip,
  Container,
  Group,
  Image,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ItemBusinessType, ItemCard } from '@mall/contracts';
import { useMoney } from '../../shared/format';
import { EmptyBlock } from '../../shared/EmptyBlock';
import { useItems } from './api';
export { loadHomePage } from './api';

// Spelled out rather than read from the zod enum, which would pull zod into the home page's
// first load; `satisfies` keeps the list in step with the contract's kinds (gifts are not sold).
const KIND_FILTER = {
  NORMAL: true,
  WEIGHT: true,
  DIY: true,
  GIFT: false,
  SERVICE: true,
  PRESALE: true,
  POINT: true,
  BULK: true,
} satisfies Record<ItemBusinessType, boolean>;
const KINDS = (Object.keys(KIND_FILTER) as ItemBusinessType[]).filter((k) => KIND_FILTER[k]);

/** Memoised: a tile renders again only when its item changes (a filter keeps the tiles it still shows). */
export const ItemTile = memo(function ItemTile({ item }: { item: ItemCard }) {
  const { t } = useTranslation();
  const fmt = useMoney();
  return (
    <Card component={Link} to={`/item/${item.urlKey}`} padding="sm" withBorder data-testid="item-card">
      <Card.Section>
        <Image src={item.mainImage} alt="" h={180} />
      </Card.Section>
      <Stack gap={4} mt="sm">
        <Text fw={500} lineClamp={2}>
          {item.itemName}
        </Text>
        <Text size="xs" c="dimmed">
          {item.shop.name}
        </Text>
        <Group gap="xs" justify="space-between">
          <Text fw={700}>
            {item.pointsPrice !== null ? t('catalog.points', { count: item.pointsPrice }) : fmt(item.price)}
          </Text>
          {item.businessTypeDict !== 'NORMAL' && (
            <Badge size="xs" variant="light">
              {t(`catalog.kind.${item.businessTypeDict}`)}
            </Badge>
          )}
        </Group>
        {!item.inStock && (
          <Text size="xs" c="red">
            {t('catalog.soldOut')}
          </Text>
        )}
      </Stack>
    </Card>
  );
});

/**
 * The tiles in slices of two (one row on a phone), each slice a short task of its own: a slice of
 * eight held a phone's main thread four times as long. Its own component, so a slice renders the
 * grid alone, not the search and the filter chips again.
 */
function ItemGrid({ items }: { items: ItemCard[] }) {
  // Four come at once: the first screen on a phone (two rows of two).
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="md">
      {items.map((item) => (
        <ItemTile key={item.id} item={item} />
      ))}
    </SimpleGrid>
  );
}

/**
 * The search box and the kind chips. Memoised: the items arriving re-render the page, and these
 * do not change with them (a second render of the chips on a phone's first load).
 */
const HomeFilters = memo(function HomeFilters({
  keyword,
  setKeyword,
  type,
  setParams,
}: {
  keyword: string;
  setKeyword: Dispatch<SetStateAction<string>>;
  type: ItemBusinessType | '';
  setParams: SetURLSearchParams;
}) {
  const { t } = useTranslation();
  const chosen = type || 'ALL';
  const setType = (v: string) => setParams(v === 'ALL' ? {} : { type: v });
  return (
    <Stack gap="sm" mb="md">
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={t('catalog.search')}
        aria-label={t('catalog.search')}
        value={keyword}
        onChange={(e) => setKeyword(e.currentTarget.value)}
        maw={420}
      />
      <Chip.Group value={chosen} onChange={setType}>
        <Group gap="xs">
          {['ALL', ...KINDS].map((k) => (
            <Chip key={k} value={k} size="xs">
              {t(`catalog.kind.${k}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
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
      <Title order={1} size="h2" mb="md">
        {t('catalog.title')}
      </Title>
      <HomeFilters keyword={keyword} setKeyword={setKeyword} type={type} setParams={setParams} />
      {isError && <EmptyBlock title={t('errors.Common.internal')} />}
      {isLoading && (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }}>
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} height={280} />
          ))}
        </SimpleGrid>
      )}
      {data && data.data.length === 0 && <EmptyBlock title={t('catalog.empty')} />}
      {data && data.data.length > 0 && <ItemGrid items={data.data} />}
    </Container>
  );
}
