/** One article (/articles/:id) or forum post (/bbs/post-detail/:id) of the current site. */
import { Link, useParams } from 'react-router';
import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isArticleNotFound, useArticleDetail } from '../api/articles';
import { ArticleMeta } from '../components/ArticleMeta';
import { RichText } from '../components/RichText';
import { Loading, LoadError } from '../components/States';

function StoredTextPage({ back }: { back: { to: string; label: string } }) {
  const { t } = useTranslation();
  const { id } = useParams();
  const q = useArticleDetail(id);
  return (
    <Container size="md" py="md">
      <Stack>
        <Anchor component={Link} to={back.to} size="sm">← {back.label}</Anchor>
        {q.isLoading ? <Loading />
          : q.error || !q.data ? (isArticleNotFound(q.error) || !q.data && !q.error
            ? <Text role="alert">{t('content.notFound')}</Text>
            : <LoadError error={q.error} retry={() => void q.refetch()} />)
          : (
            <Stack component="article" gap="sm">
              <Title order={1} size="h2">{q.data.title}</Title>
              <ArticleMeta a={q.data} />
              <RichText html={q.data.content} />
            </Stack>
          )}
      </Stack>
    </Container>
  );
}

export function ArticleDetailPage() {
  const { t } = useTranslation();
  return <StoredTextPage back={{ to: '/articles', label: t('content.backToList') }} />;
}

export function ForumPostPage() {
  const { t } = useTranslation();
  return <StoredTextPage back={{ to: '/articles', label: t('content.backToForum') }} />;
}
