import { Center, Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import phone from '../../../shared/phoneLayout.module.css';

/** The seller console's page switcher (orders, after-sales, reviews): shown only past one page, back to the top on a change. */
export function SellerPagination({
  total,
  pageSize,
  pageNo,
  onPage,
}: {
  total: number;
  pageSize: number;
  pageNo: number;
  onPage: (n: number) => void;
}) {
  const { t } = useTranslation();
  if (total <= pageSize) return null;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Center>
      <Pagination
        total={pages}
        value={Math.min(pageNo, pages)}
        onChange={(n) => {
          onPage(n);
          window.scrollTo({ top: 0 });
        }}
        className={phone.paginationSmOnPhone}
        getControlProps={(c) => ({ 'aria-label': t(`seller.page.${c}`) })}
        getItemProps={(n) => ({ 'aria-label': t('seller.page.number', { n }) })}
      />
    </Center>
  );
}
