import { useEffect } from 'react';
import { Link, Outlet, useLocation, useNavigationType } from 'react-router';
import { Anchor, Center, Container, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../shared/i18n';
import { useSession, useSite } from '../shared/session';
import { AfterFirstPaint } from './boot';
import { TopBar } from './TopBar';

/** A new page starts at its top; back and forward leave the browser's own scroll restoration. */
function useScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}

export function Layout() {
  useScrollToTopOnNavigate();
  const { data: session, isLoading } = useSession();
  const { t, i18n } = useTranslation();
  const site = useSite();
  // The session says which language the buyer chose (or the site's default).
  useEffect(() => {
    if (session && i18n.language !== session.language) void changeLanguage(i18n, session.language);
    if (session) document.documentElement.lang = session.language;
  }, [session, i18n]);
  const r = site.policyRoutes;
  const loading = <Center py="xl"><Loader aria-label={t('common.loading')} /></Center>;
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <a href="#main" className="skip-link">{t('common.skipToContent')}</a>
      <TopBar />
      {/* At least a screen tall, so the footer starts below the fold and the page's content
          arriving never pushes it down in view (it was the only layout shift on every page). */}
      <main id="main" style={{ flex: 1, minHeight: '100vh' }}>
        {isLoading ? loading : <AfterFirstPaint fallback={loading}><Outlet /></AfterFirstPaint>}
      </main>
      <footer style={{ borderTop: '1px solid var(--mantine-color-gray-3)', padding: 'var(--mantine-spacing-md)' }}>
        <Container size="lg">
          <Group gap="md" justify="center">
            {r.privacy && <Anchor component={Link} to={r.privacy} size="xs" c="dimmed">{t('policy.privacy')}</Anchor>}
            {r.terms && <Anchor component={Link} to={r.terms} size="xs" c="dimmed">{t('policy.terms')}</Anchor>}
            {r.shipping && <Anchor component={Link} to={r.shipping} size="xs" c="dimmed">{t('policy.shipping')}</Anchor>}
            {r.warranty && <Anchor component={Link} to={r.warranty} size="xs" c="dimmed">{t('policy.warranty')}</Anchor>}
            <Text size="xs" c="dimmed">{site.name} · {site.currency}</Text>
          </Group>
        </Container>
      </footer>
    </div>
  );
}
