/**
 * An enterprise main account's filters on the order list (SPEC §6): whose orders (all, mine, all
 * sub-accounts', one sub-account's) and "pending main account payment".
 */
import { Checkbox, Group, NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function EnterpriseFilters({
  accountOptions,
  account,
  mainPay,
  onAccount,
  onMainPay,
}: {
  accountOptions: { value: string; label: string }[];
  account: string;
  mainPay: boolean;
  onAccount: (value: string) => void;
  onMainPay: (checked: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="md" align="flex-end" wrap="wrap" data-testid="enterprise-filters">
      <NativeSelect
        label={t('orders.account.label')}
        w={{ base: '100%', sm: 240 }}
        data={accountOptions}
        value={accountOptions.some((o) => o.value === account) ? account : 'all'}
        onChange={(e) => onAccount(e.currentTarget.value)}
      />
      <Checkbox
        label={t('buyer.masterPending')}
        checked={mainPay}
        onChange={(e) => onMainPay(e.currentTarget.checked)}
        mb={6}
      />
    </Group>
  );
}
