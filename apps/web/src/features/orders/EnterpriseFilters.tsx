/**
 * An enterprise main account's filters on the order list (SPEC §6): whose orders (all, mine, all
 * sub-accounts', one sub-account's) and "pending main account payment". A chunk of its own
 * (shared/layoutPart.tsx): other buyers never load Mantine's Checkbox for it.
 */
import { Checkbox } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PlainGroup, PlainNativeSelect } from '../../shared/plain';

export function EnterpriseFilters({ mobile, accountOptions, account, mainPay, onAccount, onMainPay }: {
  mobile: boolean; accountOptions: { value: string; label: string }[]; account: string; mainPay: boolean;
  onAccount: (value: string) => void; onMainPay: (checked: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <PlainGroup gap="md" align="flex-end" wrap="wrap" data-testid="enterprise-filters">
      <PlainNativeSelect label={t('orders.account.label')} width={mobile ? '100%' : 240} data={accountOptions}
        value={accountOptions.some((o) => o.value === account) ? account : 'all'}
        onChange={(e) => onAccount(e.currentTarget.value)} />
      <Checkbox label={t('buyer.masterPending')} checked={mainPay} onChange={(e) => onMainPay(e.currentTarget.checked)} mb={6} />
    </PlainGroup>
  );
}
