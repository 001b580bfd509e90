/**
 * One small helper for every status machine of the shop (orders, packages, reverse orders,
 * payment records, refunds): a table of events, each with the statuses it may leave from and
 * the status it leads to. The server turns a move into `UPDATE ... WHERE status IN (from)`,
 * so two racing requests can never both make the same move.
 */
export interface Transition<S extends string> {
  readonly from: readonly S[];
  readonly to: S;
}
export type TransitionTable<S extends string, E extends string> = { readonly [K in E]: Transition<S> };

/** The status after `event`, or null when the event is not allowed from `from`. */
export function nextStatus<S extends string, E extends string>(
  table: TransitionTable<S, E>,
  from: S,
  event: E,
): S | null {
  const t = table[event];
  return t.from.includes(from) ? t.to : null;
}

/** Events that may happen in `status`. */
export function eventsFrom<S extends string, E extends string>(table: TransitionTable<S, E>, status: S): E[] {
  return (Object.keys(table) as E[]).filter((e) => table[e].from.includes(status));
}
