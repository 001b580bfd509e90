/**
 * The frame of a seller console page (orders, after-sales, reviews, invoices, order requests,
 * service codes): the header with its title and the console's navigation, then the page; and the
 * parts of its lists (status tabs, search by number, a load error with a retry, a paged list).
 */
import type { ReactNode } from 'react';
import { Alert, Button, Container, Group, Paper, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../shared/PageLoading';
import phone from '../../../shared/phoneLayout.module.css';
import { SellerPagination } from './SellerPagination';
import { SellerConsoleNav } from './SellerConsoleNav';

type NavSection = Parameters<typeof SellerConsoleNav>[0]['active'];

export function SellerConsolePage({
  titleId,
  title,
  subtitle,
  subtitleColor = 'dimmed',
  active,
  aside,
  children,
}: {
  /** The header is named by its title: the title's element id. */
  titleId: string;
  title: string;
  subtitle: string;
  subtitleColor?: string;
  active: NavSection;
  /** Beside the title on wide screens (the orders page's shops). */
  aside?: ReactNode;
  children: ReactNode;
}) {
  const heading = (
    <Stack gap="sm">
      <Stack gap={4}>
        <Title order={1} size="h2" id={titleId}>
          {title}
        </Title>
        <Text size="sm" c={subtitleColor}>
          {subtitle}
        </Text>
      </Stack>
      <SellerConsoleNav active={active} />
    </Stack>
  );
  return (
    <Container size="lg" py="md" px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="md">
        <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" component="header" aria-labelledby={titleId}>
          {aside ? (
            <Group justify="space-between" align="flex-start" gap="sm">
              {heading}
              {aside}
            </Group>
          ) : (
            heading
          )}
        </Paper>
        {children}
      </Stack>
    </Container>
  );
}

/** A list's status tabs (kept in the URL by the caller) around the panel of the current one. */
export function SellerListTabs<T extends string>({
  tabs,
  value,
  onChange,
  label,
  tabLabel,
  classNames,
  children,
}: {
  tabs: readonly T[];
  value: T;
  onChange: (tab: T) => void;
  /** The tab list's accessible name. */
  label: string;
  tabLabel: (tab: T) => string;
  /** Default: tabs that share the row on phones. */
  classNames?: { list?: string; tab?: string };
  children: ReactNode;
}) {
  const isTab = (v: string | null): v is T => !!v && (tabs as readonly string[]).includes(v);
  return (
    <Tabs value={value} onChange={(v) => isTab(v) && onChange(v)} keepMounted={false}>
      <Tabs.List aria-label={label} className={classNames?.list}>
        {tabs.map((s) => (
          <Tabs.Tab
            key={s}
            value={s}
            fz={{ base: 'xs', sm: 'sm' }}
            px={{ base: 6, sm: 'md' }}
            className={classNames?.tab ?? phone.tabGrowOnPhone}
          >
            {tabLabel(s)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value={value} pt="md">
        {children}
      </Tabs.Panel>
    </Tabs>
  );
}

/** Search of a list by number: submitting goes to its first page; "clear" shows up once a keyword is applied. */
export function SellerSearchForm({
  search,
  setSearch,
  keyword,
  onSearch,
  label,
  placeholder,
  maxLength,
}: {
  /** The box's draft. */
  search: string;
  setSearch: (v: string) => void;
  /** The keyword applied now. */
  keyword: string;
  onSearch: (keyword: string) => void;
  label: string;
  placeholder: string;
  maxLength: number;
}) {
  const { t } = useTranslation();
  return (
    <form
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(search.trim());
      }}
    >
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          style={{ flex: 1 }}
          maw={{ base: 'none', sm: 420 }}
          label={label}
          placeholder={placeholder}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maxLength={maxLength}
          type="search"
        />
        <Button type="submit" variant="light">
          {t('seller.search.button')}
        </Button>
        {keyword && (
          <Button
            variant="subtle"
            onClick={() => {
              setSearch('');
              onSearch('');
            }}
          >
            {t('seller.search.clear')}
          </Button>
        )}
      </Group>
    </form>
  );
}

/** A list that did not load: why, and a button to ask again. */
export function SellerLoadError({
  title,
  message,
  onRetry,
  retryLabel,
}: {
  title: string;
  message: string;
  onRetry: () => void;
  retryLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert" title={title}>
      <Group justify="space-between">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          {retryLabel ?? t('seller.retry')}
        </Button>
      </Group>
    </Alert>
  );
}

/**
 * A page of a seller list: loading, empty (`empty`), or its total, its items and the page switcher;
 * the previous page stays, dimmed, while the next one loads.
 */
export function SellerPagedList<T>({
  list,
  pageNo,
  pageSize,
  onPage,
  totalText,
  totalColor = 'dimmed',
  empty,
  loading = <PageLoading />,
  testId,
  children,
}: {
  list: UseQueryResult<{ data: T[]; total: number }>;
  pageNo: number;
  pageSize: number;
  onPage: (n: number) => void;
  totalText: (total: number) => string;
  totalColor?: string;
  empty: ReactNode;
  loading?: ReactNode;
  testId: string;
  children: (items: T[]) => ReactNode;
}) {
  if (list.isLoading) return loading;
  if (!list.data) return null;
  if (!list.data.data.length) return empty;
  const total = list.data.total;
  return (
    <Stack
      gap="md"
      aria-busy={list.isFetching}
      data-testid={testId}
      style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}
    >
      <Text size="sm" c={totalColor} aria-live="polite">
        {totalText(total)}
      </Text>
      {children(list.data.data)}
      <SellerPagination total={total} pageSize={pageSize} pageNo={pageNo} onPage={onPage} />
    </Stack>
  );
}
