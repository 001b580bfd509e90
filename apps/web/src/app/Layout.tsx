import { useEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession, useSite } from '../shared/session';
import { AfterFirstPaint } from './boot';
import { TopBar } from './TopBar';
import { PlainAnchor, PlainContainer, PlainGroup, PlainLoading, PlainText, spacing } from '../shared/plain';

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
    if (session && i18n.language !== session.language) void i18n.changeLanguage(session.language);
    if (session) document.documentElement.lang = session.language;
  }, [session, i18n]);
  const r = site.policyRoutes;
  const loading = <PlainLoading label={t('common.loading')} />;
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <a href="#main" className="skip-link">{t('common.skipToContent')}</a>
      <TopBar />
      {/* At least a screen tall, so the footer starts below the fold and the page's content
          arriving never pushes it down in view (it was the only layout shift on every page). */}
      <main id="main" style={{ flex: 1, minHeight: '100vh' }}>
        {isLoading ? loading : <AfterFirstPaint fallback={loading}><Outlet /></AfterFirstPaint>}
      </main>
      <footer style={{ borderTop: '1px solid var(--mantine-color-gray-3)', paddingInline: spacing('md'), paddingBlock: spacing('md') }}>
        <PlainContainer>
          <PlainGroup gap="md" justify="center">
            {r.privacy && <PlainAnchor to={r.privacy} size="xs" c="dimmed">{t('policy.privacy')}</PlainAnchor>}
            {r.terms && <PlainAnchor to={r.terms} size="xs" c="dimmed">{t('policy.terms')}</PlainAnchor>}
            {r.shipping && <PlainAnchor to={r.shipping} size="xs" c="dimmed">{t('policy.shipping')}</PlainAnchor>}
            {r.warranty && <PlainAnchor to={r.warranty} size="xs" c="dimmed">{t('policy.warranty')}</PlainAnchor>}
            <PlainText size="xs" c="dimmed">{site.name} · {site.currency}</PlainText>
          </PlainGroup>
        </PlainContainer>
      </footer>
    </div>
  );
}
