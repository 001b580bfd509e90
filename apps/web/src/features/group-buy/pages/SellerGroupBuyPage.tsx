/**
 * /merchant-console/group-buy: the seller makes a group-buy campaign on one of its SKUs (group
 * price in the site's currency, below the regular price; group size; hours a group has to fill;
 * the campaign's stock of units) and sees its campaigns with stock left and groups by status. The
 * form checks its fields with the server's own schema; the server checks the rest (price, SKU).
 */
import { useState, type FormEvent } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CreateGroupBuyCampaignBody, GROUP_BUY_LIMITS, type GroupBuyCampaign } from '@mall/contracts';
import { useMoney } from '../../../shared/format';
import { useMerchantStatus } from '../../merchant/seller/api';
import { useSellerError } from '../../merchant/seller/errors';
import { NotSellerPage } from '../../merchant/seller/NotSellerNotice';
import { SellerConsolePage } from '../../merchant/seller/SellerConsolePage';
import { useCreateCampaign, useEndCampaign, useSellerCampaigns, useSellerSkuOptions } from '../api';

type Field = 'skuId' | 'groupPrice' | 'groupSize' | 'hours' | 'stock';

export function SellerGroupBuyPage() {
  const { t } = useTranslation();
  const merchant = useMerchantStatus();
  if (merchant.data && !merchant.data.merchantState) return <NotSellerPage auditStatus={merchant.data.auditStatus} />;
  return (
    <SellerConsolePage
      titleId="seller-group-buy-title"
      title={t('seller.groupBuy.title')}
      subtitle={t('seller.groupBuy.subtitle')}
      active="groupBuy"
    >
      <Stack gap="lg">
        <CampaignForm />
        <CampaignList />
      </Stack>
    </SellerConsolePage>
  );
}

function CampaignForm() {
  const { t } = useTranslation();
  const fmt = useMoney();
  const apiError = useSellerError();
  const skus = useSellerSkuOptions();
  const create = useCreateCampaign();
  const [skuId, setSkuId] = useState<string | null>(null);
  const [groupPrice, setGroupPrice] = useState('');
  const [groupSize, setGroupSize] = useState<number | string>(3);
  const [hours, setHours] = useState<number | string>(24);
  const [stock, setStock] = useState<number | string>(30);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const chosen = skus.data?.find((s) => s.skuId === skuId);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (create.isPending) return;
    const parsed = CreateGroupBuyCampaignBody.safeParse({
      skuId: skuId ?? '',
      groupPrice,
      groupSize: Number(groupSize),
      hours: Number(hours),
      stock: Number(stock),
    });
    if (!parsed.success) {
      const wrong = new Set(parsed.error.issues.map((i) => i.path[0] as Field));
      setErrors(Object.fromEntries([...wrong].map((f) => [f, t(`seller.groupBuy.invalid.${f}`, GROUP_BUY_LIMITS)])));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, { onSuccess: () => setGroupPrice('') });
  };

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" component="section" aria-labelledby="new-campaign">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="new-campaign">
            {t('seller.groupBuy.newTitle')}
          </Title>
          <Select
            label={t('seller.groupBuy.sku')}
            placeholder={t('seller.groupBuy.skuPlaceholder')}
            data={(skus.data ?? []).map((s) => ({
              value: s.skuId,
              label: `${s.itemName} · ${s.skuName} (${fmt(s.price)})`,
            }))}
            value={skuId}
            onChange={setSkuId}
            searchable
            description={chosen ? t('seller.groupBuy.regular', { price: fmt(chosen.price) }) : undefined}
            error={errors.skuId}
            nothingFoundMessage={t('seller.groupBuy.noSku')}
          />
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <TextInput
              label={t('seller.groupBuy.groupPrice')}
              value={groupPrice}
              inputMode="decimal"
              onChange={(e) => setGroupPrice(e.currentTarget.value)}
              error={errors.groupPrice}
            />
            <NumberInput
              label={t('seller.groupBuy.groupSize')}
              value={groupSize}
              onChange={setGroupSize}
              min={GROUP_BUY_LIMITS.sizeMin}
              max={GROUP_BUY_LIMITS.sizeMax}
              allowDecimal={false}
              error={errors.groupSize}
            />
            <NumberInput
              label={t('seller.groupBuy.hours')}
              value={hours}
              onChange={setHours}
              min={GROUP_BUY_LIMITS.hoursMin}
              max={GROUP_BUY_LIMITS.hoursMax}
              allowDecimal={false}
              error={errors.hours}
            />
            <NumberInput
              label={t('seller.groupBuy.stock')}
              value={stock}
              onChange={setStock}
              min={1}
              max={GROUP_BUY_LIMITS.stockMax}
              allowDecimal={false}
              error={errors.stock}
            />
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={create.isPending} leftSection={<IconUsersGroup size={16} />}>
              {t('seller.groupBuy.create')}
            </Button>
          </Group>
          {create.error && (
            <Alert color="red" role="alert">
              {apiError(create.error)}
            </Alert>
          )}
          {create.data && !create.error && (
            <Alert color="green" role="status" data-testid="campaign-created">
              {t('seller.groupBuy.created', { item: create.data.itemName, price: fmt(create.data.groupPrice) })}
            </Alert>
          )}
        </Stack>
      </form>
    </Paper>
  );
}

function CampaignList() {
  const { t } = useTranslation();
  const fmt = useMoney();
  const apiError = useSellerError();
  const list = useSellerCampaigns();
  const end = useEndCampaign();
  const rows = list.data ?? [];
  const groups = (c: GroupBuyCampaign) =>
    t('seller.groupBuy.groupsCount', { open: c.groups.open, filled: c.groups.filled, failed: c.groups.failed });
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" component="section" aria-labelledby="campaigns-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="campaigns-title">
          {t('seller.groupBuy.listTitle')}
        </Title>
        {list.error && <Alert color="red">{apiError(list.error)}</Alert>}
        {!list.isLoading && rows.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('seller.groupBuy.empty')}
          </Text>
        )}
        {rows.length > 0 && (
          <>
            <Table visibleFrom="sm" verticalSpacing="xs" data-testid="campaigns">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('seller.groupBuy.sku')}</Table.Th>
                  <Table.Th>{t('seller.groupBuy.groupPrice')}</Table.Th>
                  <Table.Th>{t('seller.groupBuy.rule')}</Table.Th>
                  <Table.Th>{t('seller.groupBuy.stockLeft')}</Table.Th>
                  <Table.Th>{t('seller.groupBuy.groups')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {c.itemName}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {c.skuName} · {dayjs(c.createdAt).format('YYYY-MM-DD')}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {fmt(c.groupPrice)}
                      {c.listPrice && (
                        <Text span size="xs" c="dimmed" td="line-through" ml={4}>
                          {fmt(c.listPrice)}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{t('seller.groupBuy.ruleValue', { count: c.groupSize, hours: c.hours })}</Table.Td>
                    <Table.Td>
                      {c.stockLeft} / {c.stock}
                    </Table.Td>
                    <Table.Td>{groups(c)}</Table.Td>
                    <Table.Td>
                      <EndButton c={c} onEnd={(id) => end.mutate(id)} pending={end.isPending} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Stack hiddenFrom="sm" gap="xs">
              {rows.map((c) => (
                <Paper key={c.id} withBorder p="sm" radius="sm">
                  <Stack gap={4}>
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <Text size="sm" fw={500}>
                        {c.itemName} · {c.skuName}
                      </Text>
                      <EndButton c={c} onEnd={(id) => end.mutate(id)} pending={end.isPending} />
                    </Group>
                    <Text size="sm">
                      {fmt(c.groupPrice)} · {t('seller.groupBuy.ruleValue', { count: c.groupSize, hours: c.hours })}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('seller.groupBuy.stockLeft')}: {c.stockLeft} / {c.stock} · {groups(c)}
                    </Text>
                  </Stack>
                </Paper>
              ))}
            </Stack>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function EndButton({ c, onEnd, pending }: { c: GroupBuyCampaign; onEnd: (id: string) => void; pending: boolean }) {
  const { t } = useTranslation();
  if (c.status === 'ENDED')
    return (
      <Badge color="gray" style={{ flexShrink: 0 }}>
        {t('seller.groupBuy.ended')}
      </Badge>
    );
  return (
    <Button size="xs" variant="default" onClick={() => onEnd(c.id)} disabled={pending} style={{ flexShrink: 0 }}>
      {t('seller.groupBuy.end')}
    </Button>
  );
}
