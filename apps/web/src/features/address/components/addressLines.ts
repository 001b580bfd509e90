import type { Address } from '@mall/contracts';

/** An address as display lines (address book and checkout). */
export function formatAddressLines(a: Address): string[] {
  return [
    [a.poiName, a.detailAddress].filter(Boolean).join(', '),
    [a.districtList.find((d) => d.level === 4)?.name, a.city, a.province, a.postalCode].filter(Boolean).join(', '),
    a.country,
  ];
}
