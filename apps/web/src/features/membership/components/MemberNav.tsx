/** The member header links of SPEC §2: member page, benefits, points centre, super member. */
import { NavLink as RouterLink, useLocation } from 'react-router';
import { Group, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const LINKS = [
  { to: '/user/member', key: 'member' },
  { to: '/user/member/equity', key: 'equity' },
  { to: '/user/member/score', key: 'score' },
  { to: '/user/super-member', key: 'superMember' },
] as const;

export function MemberNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <nav aria-label={t('membership.nav.label')}>
      <Group gap="xs" wrap="wrap">
        {LINKS.map((l) => {
          const current = pathname === l.to;
          return (
            <Button
              key={l.to}
              component={RouterLink}
              to={l.to}
              end
              size="compact-md"
              variant={current ? 'filled' : 'light'}
              aria-current={current ? 'page' : undefined}
            >
              {t(`membership.nav.${l.key}`)}
            </Button>
          );
        })}
      </Group>
    </nav>
  );
}
