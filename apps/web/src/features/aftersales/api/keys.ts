/**
 * After-sales query keys and the refresh after every after-sales mutation. Every key starts
 * with `aftersales`; a mutation also refreshes the orders (line after-sales badges, the
 * order's operations and status).
 */
import { useQueryClient } from '@tanstack/react-query';
import { ordersKey } from '../../orders/api';

export const aftersalesKey = ['aftersales'] as const;

export function useInvalidateAfterSales() {
  const qc = useQueryClient();
  return () =>
    Promise.all([qc.invalidateQueries({ queryKey: aftersalesKey }), qc.invalidateQueries({ queryKey: ordersKey })]);
}

/** Ids as the server accepts them (SPEC: numeric strings). */
export const isId = (v: string | null | undefined): v is string => !!v && /^\d{1,18}$/.test(v);
