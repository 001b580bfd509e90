import { useEffect } from 'react';
import { Link, Outlet, ScrollRestoration, useNavigation, type LoaderFunctionArgs } from 'react-router';
import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SessionProvider, useSession, useSite } from '../shared/session';
import { changeLanguage } from '../shared/i18n';
import { TopBar } from './TopBar';
import { pageContextOf, sessionOf } from './page-context';

/** Every page shows who is browsing (the top bar): the session is read before any page renders. */
export async function layoutLoader({ context }: LoaderFunctionArgs) {
  await sessionOf(pageContextOf(context));
  return null;
}

/** The root route: the session for every page, then the layout. */
export function Root() {
  return (
    <SessionProvider>
      <Layout />
    </SessionProvider>
  );
}

function Layout() {
  const { data: session } = useSession();
  const { t, i18n } = useTranslation();
  const site = useSite();
  const navigation = useNavigation();
  // The buyer picked another language (the session says which): its texts load, then the page shows in it.
  useEffect(() => {
    if (session && i18n.language !== session.language) void changeLanguage(i18n, session.language);
    if (session) document.documentElement.lang = session.language;
  }, [session, i18n]);
  const r = site.policyRoutes;
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <a href="#main" className="skip-link">
        {t('common.skipToContent')}
      </a>
      <TopBar />
      {/* At least a screen tall, so the footer starts below the fold and the page's content
          arriving never pushes it down in view. Busy while the next page's code and texts load. */}
      <main id="main" style={{ flex: 1, minHeight: '100vh' }} aria-busy={navigation.state === 'loading'}>
        <Outlet />
      </main>
      <Box component="footer" py="md" px="md" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg">
          <Group gap="md" justify="center">
            {r.privacy && (
              <Anchor component={Link} to={r.privacy} size="xs" c="dimmed">
                {t('policy.privacy')}
              </Anchor>
            )}
            {r.terms && (
              <Anchor component={Link} to={r.terms} size="xs" c="dimmed">
                {t('policy.terms')}
              </Anchor>
            )}
            {r.shipping && (
              <Anchor component={Link} to={r.shipping} size="xs" c="dimmed">
                {t('policy.shipping')}
              </Anchor>
            )}
            {r.warranty && (
              <Anchor component={Link} to={r.warranty} size="xs" c="dimmed">
                {t('policy.warranty')}
              </Anchor>
            )}
            <Text size="xs" c="dimmed">
              {site.name} · {site.currency}
            </Text>
          </Group>
        </Container>
      </Box>
      {/* A new page starts at its top; back and forward return to where the buyer was. */}
      <ScrollRestoration />
    </div>
  );
}
