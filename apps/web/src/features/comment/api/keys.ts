/**
 * Review query keys and the refresh after writing a review. Every key starts with `comment`;
 * writing also refreshes the orders (a fully reviewed order loses its 'comment' operation).
 */
import { useQueryClient } from '@tanstack/react-query';
import { ordersKey } from '../../orders/api';

export const commentKey = ['comment'] as const;

export function useInvalidateComments() {
  const qc = useQueryClient();
  return () =>
    Promise.all([qc.invalidateQueries({ queryKey: commentKey }), qc.invalidateQueries({ queryKey: ordersKey })]);
}

/** Ids as the server accepts them (SPEC: numeric strings). */
export const isId = (v: unknown): v is string => typeof v === 'string' && /^\d{1,18}$/.test(v);
