import { METERS_PER_MILE } from '@mall/contracts';

export interface SortableShippingMethod {
  shippingMethodCode: string;
  /** Minor units; null when the cost is not known yet. */
  shippingAmt: bigint | null;
}

/**
 * SPEC §4: ascending shippingAmt, unknown amounts last, pickup second to last.
 * Stable for equal amounts, so the configured order breaks ties.
 */
export function sortShippingMethods<T extends SortableShippingMethod>(methods: T[]): T[] {
  const rank = (m: T) => (m.shippingMethodCode === 'PICKUP' ? 1 : m.shippingAmt === null ? 2 : 0);
  return methods
    .map((m, i) => ({ m, i }))
    .sort((a, b) => {
      const r = rank(a.m) - rank(b.m);
      if (r !== 0) return r;
      if (rank(a.m) === 0) {
        const d = a.m.shippingAmt! - b.m.shippingAmt!;
        if (d !== 0n) return d < 0n ? -1 : 1;
      }
      return a.i - b.i;
    })
    .map((x) => x.m);
}

const EARTH_RADIUS_M = 6371008.8;

/** Great-circle distance in metres (haversine). */
export function distanceMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(lat2 - lat1);
  const dLon = rad(lon2 - lon1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Distance in miles with 2 decimals (SPEC §9: 1609.34 m per mile). */
export function distanceMiles(lat1: number, lon1: number, lat2: number, lon2: number): string {
  return (distanceMeters(lat1, lon1, lat2, lon2) / METERS_PER_MILE).toFixed(2);
}
