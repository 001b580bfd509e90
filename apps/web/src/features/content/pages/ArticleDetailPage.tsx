/**
 * One article (/articles/:id) or forum post (/bbs/post-detail/:id) of the current site. Each
 * route shows its own kind only: a forum link never opens an article or a policy page. An entry
 * that is not there is a not-found page (HTTP 404 when the server renders it).
 */
import { data, Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { Anchor, Button, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconFileOff } from '@tabler/icons-react';
import { prefetch, sessionOf, type PageContext } from '../../../app/page-context';
import { articleDetailQuery, isArticleId, isArticleNotFound, useArticleDetail } from '../api/articles';
import { ArticleMeta } from '../components/ArticleMeta';
import { RichText } from '../components/RichText';
import { Loading, LoadError } from '../components/States';

type Kind = 'ARTICLE' | 'FORUM';

/** Reads the entry with the page; on the server a missing one answers 404. */
function loaderOf(kind: Kind) {
  return async (page: PageContext, { params }: LoaderFunctionArgs) => {
    const site = (await sessionOf(page))?.site ?? 'US';
    const query = articleDetailQuery(site, params.id, kind);
    if (isArticleId(params.id)) await prefetch(page, query);
    if (!page.server) return undefined;
    const error = isArticleId(params.id) ? page.queryClient.getQueryState(query.queryKey)?.error : undefined;
    return !isArticleId(params.id) || isArticleNotFound(error) ? data(null, { status: 404 }) : undefined;
  };
}
export const loadArticlePage = loaderOf('ARTICLE');
export const loadForumPostPage = loaderOf('FORUM');

function StoredTextPage({ kind, back }: { kind: Kind; back: { to: string; label: string } }) {
  const { t } = useTranslation();
  const { id } = useParams();
  const q = useArticleDetail(id, kind);
  const missing = !isArticleId(id) || isArticleNotFound(q.error);
  return (
    <Container size="md" py="md">
      <Stack>
        {missing ? (
          <Stack align="center" gap="sm" py="xl" data-testid="not-found">
            <ThemeIcon size={56} radius="xl" variant="light" color="gray">
              <IconFileOff size={30} />
            </ThemeIcon>
            <Title order={1} size="h3">
              {t('content.notFoundTitle')}
            </Title>
            <Text role="alert" ta="center">
              {t(kind === 'FORUM' ? 'content.postNotFound' : 'content.notFound')}
            </Text>
            <Button component={Link} to={back.to} variant="light">
              {back.label}
            </Button>
          </Stack>
        ) : q.isLoading || !q.data ? (
          q.error ? (
            <LoadError error={q.error} retry={() => void q.refetch()} />
          ) : (
            <Loading />
          )
        ) : (
          <>
            <Anchor component={Link} to={back.to} size="sm">
              ← {back.label}
            </Anchor>
            <Stack component="article" gap="sm">
              <Title order={1} size="h2">
                {q.data.title}
              </Title>
              <ArticleMeta a={q.data} />
              <RichText html={q.data.content} />
            </Stack>
          </>
        )}
      </Stack>
    </Container>
  );
}

export function ArticleDetailPage() {
  const { t } = useTranslation();
  return <StoredTextPage kind="ARTICLE" back={{ to: '/articles', label: t('content.backToList') }} />;
}

export function ForumPostPage() {
  const { t } = useTranslation();
  return <StoredTextPage kind="FORUM" back={{ to: '/articles', label: t('content.backToForum') }} />;
}
