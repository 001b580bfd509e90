/**
 * Articles of the site (SPEC §7 "Article"): the pinned ("UP") articles, first-level categories as
 * tabs, a paged list, and the forum's posts (SPEC §2: entries point to /bbs/post-detail/{id}).
 */
import { Link, useSearchParams } from 'react-router';
import {
  Anchor,
  Box,
  Card,
  Container,
  Grid,
  Group,
  Pagination,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ArticleSummary } from '@mall/contracts';
import { useArticlePage, useCategories, useUpArticles } from '../api/articles';
import { ArticleMeta } from '../components/ArticleMeta';
import { Loading, LoadError } from '../components/States';

const PAGE_SIZE = 10;

function ArticleCard({ a, to }: { a: ArticleSummary; to: string }) {
  return (
    <Card withBorder padding="md" component="article">
      <Stack gap={6}>
        <Anchor component={Link} to={to} fw={600} fz="lg">
          {a.title}
        </Anchor>
        {a.summary && <Text size="sm">{a.summary}</Text>}
        <ArticleMeta a={a} />
      </Stack>
    </Card>
  );
}

function ForumEntries() {
  const { t } = useTranslation();
  const forum = useArticlePage({ kind: 'FORUM', pageNo: 1, pageSize: 10 });
  if (!forum.data?.data.length) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="forum-title">
      <Title order={2} size="h4" id="forum-title">
        {t('content.forumTitle')}
      </Title>
      <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {forum.data.data.map((p) => (
          <li key={p.id}>
            <Anchor component={Link} to={`/bbs/post-detail/${p.id}`} size="sm">
              {p.title}
            </Anchor>
            <Text size="xs" c="dimmed">
              {p.author}
            </Text>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

export function ArticlesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const categoryId = params.get('category') ?? undefined;
  const pageNo = Math.max(1, Number(params.get('page')) || 1);
  const categories = useCategories();
  const up = useUpArticles();
  const list = useArticlePage({ kind: 'ARTICLE', categoryId, pageNo, pageSize: PAGE_SIZE });
  const set = (next: Record<string, string | undefined>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) p.set(k, v);
      else p.delete(k);
    }
    setParams(p);
  };
  const total = list.data?.total ?? 0;
  return (
    <Container size="lg" py="md">
      <Title order={1} size="h2" mb="md">
        {t('content.articlesTitle')}
      </Title>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            {categories.data && categories.data.length > 0 && (
              // Scrolls sideways on a phone rather than cutting the last categories off.
              <Box style={{ overflowX: 'auto' }}>
                <SegmentedControl
                  aria-label={t('content.categories')}
                  value={categoryId ?? 'all'}
                  onChange={(v) => set({ category: v === 'all' ? undefined : v, page: undefined })}
                  data={[
                    { value: 'all', label: t('content.allCategories') },
                    ...categories.data.map((c) => ({ value: c.id, label: `${c.name} (${c.articleCount})` })),
                  ]}
                />
              </Box>
            )}
            {list.isLoading ? (
              <Loading />
            ) : list.error ? (
              <LoadError error={list.error} retry={() => void list.refetch()} />
            ) : !list.data?.data.length ? (
              <Text c="dimmed">{t('content.empty')}</Text>
            ) : (
              list.data.data.map((a) => <ArticleCard key={a.id} a={a} to={`/articles/${a.id}`} />)
            )}
            {total > PAGE_SIZE && (
              <Group justify="center">
                <Pagination
                  total={Math.ceil(total / PAGE_SIZE)}
                  value={pageNo}
                  onChange={(p) => set({ page: String(p) })}
                />
              </Group>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            {up.data && up.data.length > 0 && (
              <Stack gap="sm" component="section" aria-labelledby="up-title">
                <Title order={2} size="h4" id="up-title">
                  {t('content.upTitle')}
                </Title>
                {up.data.map((a) => (
                  <Anchor key={a.id} component={Link} to={`/articles/${a.id}`} size="sm">
                    {a.title}
                  </Anchor>
                ))}
              </Stack>
            )}
            <ForumEntries />
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
