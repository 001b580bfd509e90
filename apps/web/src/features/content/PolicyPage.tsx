/**
 * Policy pages linked from checkout, the footer and the service menu (SPEC §2 policy routes): the
 * site's own text in its language, stored as a POLICY article per site and kind so an operator
 * can edit it.
 */
import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PolicyKind } from '@mall/contracts';
import { useSite } from '../../shared/session';
import { isArticleNotFound, usePolicy } from './api/articles';
import { RichText } from './components/RichText';
import { Loading, LoadError } from './components/States';

export function PolicyPage({ kind }: { kind: PolicyKind }) {
  const { t } = useTranslation();
  const site = useSite();
  const q = usePolicy(kind);
  const updated = q.data ? new Intl.DateTimeFormat(site.locale, { dateStyle: 'long' }).format(new Date(q.data.updatedAt)) : '';
  return (
    <Container size="md" py="md">
      <Stack gap="sm">
        {q.isLoading ? <Loading />
          : q.error ? (isArticleNotFound(q.error)
            ? <><Title order={1} size="h2">{t(`policy.${kind}`)}</Title><Text role="alert">{t('content.policyMissing', { site: site.name })}</Text></>
            : <LoadError error={q.error} retry={() => void q.refetch()} />)
          : q.data && (
            <Stack component="article" gap="sm" lang={site.defaultLanguage}>
              <Title order={1} size="h2">{q.data.title}</Title>
              <Text size="sm" c="dimmed">{site.name} · {t('content.updated', { date: updated })}</Text>
              <RichText html={q.data.content} />
            </Stack>
          )}
      </Stack>
    </Container>
  );
}
