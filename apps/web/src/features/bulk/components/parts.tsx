/**
 * Pieces shared by the buyer's and the seller's bulk request pages: the shopping guide's four
 * steps, the status badge, the request's lines (DIY parts: two shown, then view more / less)
 * and the quote's summary.
 */
import { useState } from 'react';
import { Anchor, Badge, Box, Group, Image, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { BulkRequestView } from '@mall/contracts';
import { useMoney } from '../../../shared/format';

const STEPS = ['submit', 'negotiate', 'discount', 'pay'] as const;

/** The shopping guide (SPEC §2): `active` steps are done, the next one is where the request stands. 4 columns from `sm`, a list below. */
export function GuideSteps({ active }: { active: number }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 4 }}
      spacing="xs"
      component="ol"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
      aria-label={t('bulk.guide')}
      data-testid="bulk-guide"
    >
      {STEPS.map((s, i) => {
        const done = i < active;
        const current = i === active;
        return (
          <Group
            key={s}
            component="li"
            gap="xs"
            wrap="nowrap"
            aria-current={current ? 'step' : undefined}
            data-done={done || undefined}
          >
            <ThemeIcon
              radius="xl"
              size="md"
              variant={done ? 'filled' : current ? 'light' : 'default'}
              color={done ? 'teal' : 'blue'}
              aria-hidden
            >
              {done ? (
                <IconCheck size={14} />
              ) : (
                <Text size="xs" fw={700}>
                  {i + 1}
                </Text>
              )}
            </ThemeIcon>
            <Text size="sm" fw={current ? 700 : 400} c={done || current ? undefined : 'dimmed'}>
              {t(`orderProcess.steps.${s}`)}
            </Text>
          </Group>
        );
      })}
    </SimpleGrid>
  );
}

const STATUS_COLOR: Record<BulkRequestView['status'], string> = {
  WAITING_QUOTE: 'yellow',
  QUOTED: 'blue',
  ACCEPTED: 'teal',
  DECLINED: 'gray',
  EXPIRED: 'orange',
};

export function BulkStatusBadge({ status }: { status: BulkRequestView['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" data-testid="bulk-status">
      {t(`bulk.status.${status}`)}
    </Badge>
  );
}

const DIY_SHOWN = 2;

/** A DIY group's parts: two, then "view more" / "view less". */
export function DiyParts({ parts }: { parts: { key: string; text: string }[] }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  if (!parts.length) return null;
  const shown = all ? parts : parts.slice(0, DIY_SHOWN);
  return (
    <Stack gap={0} pl="sm" data-testid="diy-parts">
      {shown.map((p) => (
        <Text key={p.key} size="xs" c="dimmed">
          {p.text}
        </Text>
      ))}
      {parts.length > DIY_SHOWN && (
        <Anchor component="button" type="button" size="xs" onClick={() => setAll(!all)} aria-expanded={all}>
          {t(all ? 'bulk.viewLess' : 'bulk.viewMore')}
        </Anchor>
      )}
    </Stack>
  );
}

/** The request's lines: what was asked, the catalog price then, and the quoted price once there is one. */
export function RequestLines({ view }: { view: BulkRequestView }) {
  const { t } = useTranslation();
  const fmt = useMoney();
  return (
    <Stack gap="sm" data-testid="bulk-lines">
      {view.lines.map((l, i) => (
        <Paper key={`${l.skuId}-${i}`} withBorder p="sm" radius="sm" data-testid="bulk-line">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            {l.image && <Image src={l.image} alt="" w={56} h={56} radius="sm" fit="cover" style={{ flexShrink: 0 }} />}
            <Box style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={500} lineClamp={2}>
                {l.itemName}
              </Text>
              <Text size="xs" c="dimmed">
                {l.skuName} · {t('bulk.qty', { qty: l.qty, unit: l.unit ?? '' }).trim()}
              </Text>
              <DiyParts
                parts={l.diyChildren.map((d, j) => ({
                  key: `${d.skuId}-${j}`,
                  text: `${d.itemName} · ${d.skuName} × ${d.qty}`,
                }))}
              />
            </Box>
            <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
              <Text size="xs" c="dimmed" td={l.quotedUnitPrice ? 'line-through' : undefined}>
                {t('bulk.listPrice', { price: fmt(l.listUnitPrice) })}
              </Text>
              {l.quotedUnitPrice && (
                <Text size="sm" fw={600} c="red.7" data-testid="quoted-unit">
                  {t('bulk.yourPrice', { price: fmt(l.quotedUnitPrice) })}
                </Text>
              )}
              {l.quotedAmt && <Text size="sm">{fmt(l.quotedAmt)}</Text>}
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

export function QuoteSummary({ view }: { view: BulkRequestView }) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const q = view.quote;
  if (!q)
    return (
      <Text size="sm" c="dimmed" data-testid="no-quote">
        {t('bulk.noQuote')}
      </Text>
    );
  const row = (label: string, value: string, strong = false) => (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 400}>
        {value}
      </Text>
    </Group>
  );
  return (
    <Stack gap={4} data-testid="bulk-quote">
      {row(t('bulk.listTotal'), fmt(view.listAmt))}
      {row(t('bulk.goods'), fmt(q.goodsAmt))}
      {row(t('bulk.shipping'), fmt(q.shippingAmt))}
      {row(t(q.taxDisplay === 'EXCLUSIVE' ? 'bulk.tax' : 'bulk.taxIncluded'), fmt(q.taxAmt))}
      {row(t('bulk.total'), fmt(q.needPayAmt), true)}
      <Text size="xs" c={view.status === 'EXPIRED' ? 'orange' : 'dimmed'} data-testid="valid-until">
        {t(view.status === 'EXPIRED' ? 'bulk.expiredOn' : 'bulk.validUntil', {
          date: dayjs(q.validUntil).format('YYYY-MM-DD'),
        })}{' '}
        · {t('bulk.version', { n: q.version })}
      </Text>
      <Text size="xs" c="dimmed" data-testid="return-days">
        {q.returnDays > 0 ? t('bulk.returnDays', { count: q.returnDays }) : t('bulk.noReturns')}
      </Text>
      {q.note && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {q.note}
        </Text>
      )}
    </Stack>
  );
}
