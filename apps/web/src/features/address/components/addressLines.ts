import type { Address } from '@mall/contracts';

/** An address as display lines (address book and checkout), the country named by `countryName` (shared/countries.ts). */
export function formatAddressLines(a: Address, countryName: (code: string) => string): string[] {
  return [
    [a.poiName, a.detailAddress].filter(Boolean).join(', '),
    [a.districtList.find((d) => d.level === 4)?.name, a.city, a.province, a.postalCode].filter(Boolean).join(', '),
    a.region.regionShortName ? countryName(a.region.regionShortName) : a.country,
  ];
}
