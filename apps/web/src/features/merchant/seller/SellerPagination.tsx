import { Center, Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The seller console's page switcher (orders, after-sales, reviews): shown only past one page, back to the top on a change. */
export function SellerPagination({ total, pageSize, pageNo, mobile, onPage }: { total: number; pageSize: number; pageNo: number; mobile: boolean; onPage: (n: number) => void }) {
  const { t } = useTranslation();
  if (total <= pageSize) return null;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Center>
      <Pagination total={pages} value={Math.min(pageNo, pages)} onChange={(n) => { onPage(n); window.scrollTo({ top: 0 }); }} size={mobile ? 'sm' : 'md'}
        getControlProps={(c) => ({ 'aria-label': t(`seller.page.${c}`) })} getItemProps={(n) => ({ 'aria-label': t('seller.page.number', { n }) })} />
    </Center>
  );
}
