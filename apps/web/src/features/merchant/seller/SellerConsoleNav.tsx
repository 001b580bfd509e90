/** The seller console's two sections (orders, after-sales) as links in the header of both pages; after-sales shows how many wait for a decision. */
import { Link } from 'react-router';
import { Badge, Button, Group, VisuallyHidden } from '@mantine/core';
import { IconPackage, IconReceiptRefund } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api';

type Section = 'orders' | 'afterSales';
const LINKS: { key: Section; to: string; icon: typeof IconPackage }[] = [
  { key: 'orders', to: '/merchant-console/orders', icon: IconPackage },
  { key: 'afterSales', to: '/merchant-console/after-sales', icon: IconReceiptRefund },
];

/** Requests waiting for the seller's audit (the total of the TO_AUDIT tab); same key prefix as the after-sales list so every decision refreshes it. */
function useToAuditCount() {
  return useQuery({
    queryKey: ['seller-reverses', 'to-audit-count'],
    queryFn: ({ signal }) => api<{ total: number }>('/api/merchant/reverse', { body: { pageNo: 1, pageSize: 1, status: 'TO_AUDIT' }, signal }).then((r) => r.total),
    staleTime: 30_000,
    retry: false,
  });
}

export function SellerConsoleNav({ active, mobile }: { active: Section; mobile: boolean }) {
  const { t } = useTranslation();
  const toAudit = useToAuditCount();
  return (
    <Group component="nav" gap="xs" grow={mobile} aria-label={t('sellerAfterSales.nav.label')} data-testid="seller-console-nav">
      {LINKS.map(({ key, to, icon: Icon }) => {
        const current = key === active;
        const count = key === 'afterSales' ? toAudit.data ?? 0 : 0;
        return (
          <Button
            key={key} component={Link} to={to} size="sm" variant={current ? 'filled' : 'default'} aria-current={current ? 'page' : undefined}
            leftSection={mobile ? undefined : <Icon size={16} />}
            rightSection={count > 0 ? (
              <Badge size="sm" circle={count < 10} color={current ? 'white' : 'orange'} c={current ? 'blue' : undefined} data-testid="to-audit-count">
                {count}<VisuallyHidden> {t('sellerAfterSales.nav.toAudit')}</VisuallyHidden>
              </Badge>
            ) : undefined}
          >
            {t(`sellerAfterSales.nav.${key}`)}
          </Button>
        );
      })}
    </Group>
  );
}
