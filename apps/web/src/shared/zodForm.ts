import { useEffect, useSyncExternalStore } from 'react';
import type { z } from 'zod';

type Translate = (key: string, opts?: Record<string, unknown>) => string;

/**
 * Runs the same zod schema the server uses and returns Mantine form errors keyed by field,
 * each message translated through `errors.field.<issue code>`.
 */
export function zodValidate<S extends z.ZodType>(schema: S, t: Translate) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join('.');
      if (errors[key]) continue;
      const i = issue as { code: string; minimum?: number; maximum?: number; format?: string };
      errors[key] = issue.message.startsWith('validation.')
        ? t(issue.message)
        : issue.code === 'invalid_format' && i.format === 'email'
          ? t('errors.field.email')
          : issue.code === 'too_small'
            ? t('errors.field.tooShort', { min: i.minimum })
            : issue.code === 'too_big'
              ? t('errors.field.tooLong', { max: i.maximum })
              : t('errors.field.invalid');
    }
    return errors;
  };
}

/**
 * A form's schemas (the server's own zod objects from @mall/contracts), fetched on first need
 * instead of with the page: zod and the schemas are ~25 KB gzip that no page needs to paint.
 * `load()` fetches once (a failed fetch is tried again next time); `preload` suits a form's
 * onFocus, so the schemas are usually there before the buyer submits.
 */
export interface LazySchemas<T> {
  // Function-valued properties rather than methods: they use no `this`, so pages pass them on
  // unbound (onFocus={schemas.preload}, useSyncExternalStore(schemas.subscribe, ...)).
  current: () => T | undefined;
  load: () => Promise<T>;
  preload: () => void;
  /** Calls `notify` when the schemas arrive (for useLazySchemas). */
  subscribe: (notify: () => void) => () => void;
}

export function lazySchemas<T>(load: () => Promise<T>): LazySchemas<T> {
  let loaded: T | undefined;
  let pending: Promise<T> | undefined;
  const listeners = new Set<() => void>();
  const self: LazySchemas<T> = {
    current: () => loaded,
    load: () =>
      (pending ??= load().then(
        (s) => {
          loaded = s;
          listeners.forEach((notify) => notify());
          return s;
        },
        (err: unknown) => {
          pending = undefined;
          throw err;
        },
      )),
    preload: () => {
      self.load().catch(() => {});
    },
    subscribe: (notify) => {
      listeners.add(notify);
      return () => {
        listeners.delete(notify);
      };
    },
  };
  return self;
}

/**
 * `run` with the schemas: at once when they are there, else once they arrive. If they cannot be
 * fetched (offline), `offline` stands in: the server runs the same checks on the request.
 */
export function withSchemas<T, R>(schemas: LazySchemas<T>, run: (s: T) => R, offline: R): R | Promise<R> {
  const ready = schemas.current();
  return ready ? run(ready) : schemas.load().then(run, () => offline);
}

/**
 * Mantine form `validate` with a lazily loaded schema: synchronous once loaded; before that it
 * answers a promise (Mantine's submit waits for it), so the first submit validates too.
 * `toBody` maps form values to the request the schema checks.
 */
export function lazyZodValidate<T, V>(
  schemas: LazySchemas<T>,
  pick: (s: T) => z.ZodType,
  t: Translate,
  toBody: (values: V) => unknown = (v) => v,
) {
  return (values: V) => withSchemas(schemas, (s) => zodValidate(pick(s), t)(toBody(values)), {});
}

/**
 * The schemas for checks a page runs while rendering (live field errors): undefined until they
 * arrive (after `preload()`, e.g. from the form's onFocus, or `load()` on submit), then the page
 * re-renders with them.
 */
export function useLazySchemas<T>(schemas: LazySchemas<T>): T | undefined {
  return useSyncExternalStore(schemas.subscribe, schemas.current, schemas.current);
}

/**
 * Fetches the schemas on the buyer's first pointer move, touch, key or focus anywhere on the
 * page (a form is about to be used), so they are there by the time a form opens or is sent, and
 * a page that is only looked at (or measured) does not load them.
 */
export function useSchemasOnInteraction(schemas: LazySchemas<unknown>): void {
  useEffect(() => {
    if (schemas.current()) return;
    const events = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const;
    const start = () => {
      schemas.preload();
      stop();
    };
    const stop = () => events.forEach((e) => document.removeEventListener(e, start, true));
    events.forEach((e) => document.addEventListener(e, start, true));
    return stop;
  }, [schemas]);
}

/**
 * The schemas for a form that checks while it renders: the component suspends (its Suspense
 * boundary shows a small loader) until they are there, so it never runs without them.
 */
export function useSchemas<T>(schemas: LazySchemas<T>): T {
  const ready = schemas.current();
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Suspense's protocol is a thrown promise
  if (!ready) throw schemas.load();
  return ready;
}
