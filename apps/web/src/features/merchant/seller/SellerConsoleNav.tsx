/** The seller console's sections (orders, after-sales, reviews) as links in the header of each page; after-sales shows how many wait for a decision, reviews how many wait for a reply. */
import { Link } from 'react-router';
import { Badge, Button, Group, VisuallyHidden } from '@mantine/core';
import {
  IconFileInvoice,
  IconMessageStar,
  IconPackage,
  IconPackages,
  IconReceiptRefund,
  IconTicket,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api';
import { useNotRepliedCount } from '../../comment/api/seller';
import classes from './SellerConsoleNav.module.css';

type Section = 'orders' | 'afterSales' | 'reviews' | 'invoices' | 'bulkRequests' | 'serviceCodes' | 'groupBuy';
const LINKS: { key: Section; to: string; icon: typeof IconPackage; label: string; countLabel: string }[] = [
  {
    key: 'orders',
    to: '/merchant-console/orders',
    icon: IconPackage,
    label: 'sellerAfterSales.nav.orders',
    countLabel: '',
  },
  {
    key: 'afterSales',
    to: '/merchant-console/after-sales',
    icon: IconReceiptRefund,
    label: 'sellerAfterSales.nav.afterSales',
    countLabel: 'sellerAfterSales.nav.toAudit',
  },
  {
    key: 'reviews',
    to: '/merchant-console/reviews',
    icon: IconMessageStar,
    label: 'sellerReviews.nav.reviews',
    countLabel: 'sellerReviews.nav.notReplied',
  },
  {
    key: 'invoices',
    to: '/merchant-console/invoices',
    icon: IconFileInvoice,
    label: 'sellerAfterSales.nav.invoices',
    countLabel: 'sellerAfterSales.nav.toIssue',
  },
  {
    key: 'bulkRequests',
    to: '/merchant-console/bulk-requests',
    icon: IconPackages,
    label: 'sellerAfterSales.nav.bulkRequests',
    countLabel: 'sellerAfterSales.nav.toQuote',
  },
  {
    key: 'serviceCodes',
    to: '/merchant-console/service-codes',
    icon: IconTicket,
    label: 'seller.serviceCodes.nav',
    countLabel: '',
  },
  {
    key: 'groupBuy',
    to: '/merchant-console/group-buy',
    icon: IconUsersGroup,
    label: 'seller.groupBuy.nav',
    countLabel: '',
  },
];

/** Requests waiting for the seller's audit (the total of the TO_AUDIT tab); same key prefix as the after-sales list so every decision refreshes it. */
function useToAuditCount() {
  return useQuery({
    queryKey: ['seller-reverses', 'to-audit-count'],
    queryFn: ({ signal }) =>
      api<{ total: number }>('/api/merchant/reverse', {
        body: { pageNo: 1, pageSize: 1, status: 'TO_AUDIT' },
        signal,
      }).then((r) => r.total),
    staleTime: 30_000,
    retry: false,
  });
}

/** VAT invoice requests waiting to be issued (same key prefix as the invoice list, so an issue refreshes it). */
function useToIssueCount() {
  return useQuery({
    queryKey: ['seller-vat-invoices', 'REQUESTED'],
    queryFn: ({ signal }) => api<unknown[]>('/api/merchant/vat-invoices', { body: { status: 'REQUESTED' }, signal }),
    staleTime: 30_000,
    retry: false,
    select: (r) => r.length,
  });
}

/** Order requests (exceed flow) waiting for a quote (same key prefix as the bulk request list, so a quote refreshes it). */
function useToQuoteCount() {
  return useQuery({
    queryKey: ['seller-bulk-requests', 'list', 'WAITING_QUOTE'],
    queryFn: ({ signal }) => api<unknown[]>('/api/merchant/bulk-requests?status=WAITING_QUOTE', { signal }),
    staleTime: 30_000,
    retry: false,
    select: (r) => r.length,
  });
}

export function SellerConsoleNav({ active }: { active: Section }) {
  const { t } = useTranslation();
  const toAudit = useToAuditCount();
  const notReplied = useNotRepliedCount();
  const toIssue = useToIssueCount();
  const toQuote = useToQuoteCount();
  return (
    <Group
      component="nav"
      gap="xs"
      className={classes.nav}
      wrap="wrap"
      aria-label={t('sellerAfterSales.nav.label')}
      data-testid="seller-console-nav"
    >
      {LINKS.map(({ key, to, icon: Icon, label, countLabel }) => {
        const current = key === active;
        const count =
          key === 'afterSales'
            ? (toAudit.data ?? 0)
            : key === 'reviews'
              ? (notReplied.data ?? 0)
              : key === 'invoices'
                ? (toIssue.data ?? 0)
                : key === 'bulkRequests'
                  ? (toQuote.data ?? 0)
                  : 0;
        return (
          <Button
            key={key}
            component={Link}
            to={to}
            size="sm"
            variant={current ? 'filled' : 'default'}
            aria-current={current ? 'page' : undefined}
            className={classes.link}
            classNames={{ section: classes.section }}
            leftSection={<Icon size={16} />}
            rightSection={
              count > 0 ? (
                <Badge
                  size="sm"
                  circle={count < 10}
                  color={current ? 'white' : '#c2410c'}
                  c={current ? 'blue.8' : 'white'}
                  data-testid={
                    key === 'reviews'
                      ? 'not-replied-count'
                      : key === 'invoices'
                        ? 'to-issue-count'
                        : key === 'bulkRequests'
                          ? 'to-quote-count'
                          : 'to-audit-count'
                  }
                >
                  {count}
                  <VisuallyHidden> {t(countLabel)}</VisuallyHidden>
                </Badge>
              ) : undefined
            }
          >
            {t(label)}
          </Button>
        );
      })}
    </Group>
  );
}
