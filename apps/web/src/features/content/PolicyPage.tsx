/**
 * Policy pages linked from checkout, the footer and the service menu (SPEC §2 policy routes): the
 * site's own text in its language, stored as a POLICY article per site and kind so an operator
 * can edit it. Each site links its own routes (the site table's policyRoutes): another site's
 * route goes to the current site's equivalent (/agb on IT → /termini-e-condizioni), a page the
 * site does not have (/sms outside the US) is not found.
 */
import { data, Link, Navigate, redirect, useLocation, type LoaderFunctionArgs } from 'react-router';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SITES, type PolicyKind, type SiteCode } from '@mall/contracts';
import { prefetch, sessionOf, type PageContext } from '../../app/page-context';
import { useSite } from '../../shared/session';
import { isArticleNotFound, policyQuery, usePolicy } from './api/articles';
import { RichText } from './components/RichText';
import { Loading, LoadError } from './components/States';

/** The route of `kind` on `site`, or none when the site has no such page. */
const routeOn = (site: SiteCode, kind: PolicyKind) => SITES[site].policyRoutes[kind];

/** Redirects to the site's own route (on the server: a 302 before anything renders), else reads the text with the page. */
export function loadPolicyPage(kind: PolicyKind) {
  return async (page: PageContext, { request }: LoaderFunctionArgs) => {
    const site = (await sessionOf(page))?.site ?? 'US';
    const own = routeOn(site, kind);
    const url = new URL(request.url);
    if (!own) return page.server ? data(null, { status: 404 }) : undefined;
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router redirects by a thrown Response
    if (own !== url.pathname) throw redirect(own + url.search);
    await prefetch(page, policyQuery(site, kind));
    return undefined;
  };
}

export function PolicyPage({ kind }: { kind: PolicyKind }) {
  const { t } = useTranslation();
  const site = useSite();
  const { pathname, search } = useLocation();
  const own = routeOn(site.code, kind);
  const q = usePolicy(kind);
  const updated = q.data
    ? new Intl.DateTimeFormat(site.locale, { dateStyle: 'long' }).format(new Date(q.data.updatedAt))
    : '';
  // The buyer switched site on this page: the new site's own route.
  if (own && own !== pathname) return <Navigate to={own + search} replace />;
  return (
    <Container size="md" py="md">
      <Stack gap="sm">
        {!own || isArticleNotFound(q.error) ? (
          <Stack align="flex-start" gap="sm" data-testid="not-found">
            <Title order={1} size="h2">
              {t(`policy.${kind}`)}
            </Title>
            <Text role="alert">
              {t(own ? 'content.policyMissing' : 'content.policyNotOnSite', { site: site.name })}
            </Text>
            <Button component={Link} to="/" variant="light">
              {t('common.backHome')}
            </Button>
          </Stack>
        ) : q.isLoading ? (
          <Loading />
        ) : q.error ? (
          <LoadError error={q.error} retry={() => void q.refetch()} />
        ) : (
          q.data && (
            <Stack component="article" gap="sm" lang={site.defaultLanguage}>
              <Title order={1} size="h2">
                {q.data.title}
              </Title>
              <Text size="sm" c="dimmed">
                {site.name} · {t('content.updated', { date: updated })}
              </Text>
              <RichText html={q.data.content} />
            </Stack>
          )
        )}
      </Stack>
    </Container>
  );
}
