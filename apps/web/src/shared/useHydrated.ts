import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { greetingFor } from '@mall/domain';

const never = () => () => {};

/**
 * False while the server renders and while the browser hydrates its HTML, true from the render
 * after: for what only the browser knows (the history entry's state, the local clock, storage),
 * which would otherwise make the browser's first render differ from the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/**
 * "Good morning" and the like, by the buyer's own clock (SPEC §1): empty until hydrated, since
 * the server does not know the buyer's time of day.
 */
export function useGreeting(): string {
  const { t } = useTranslation();
  return useHydrated() ? t(`greeting.${greetingFor(new Date().getHours())}`) : '';
}
