import { GREETING_HOURS } from '@mall/contracts';

export type Greeting = 'morning' | 'noon' | 'afternoon' | 'evening';

/** SPEC §1: before 11 morning, 11 to 13 noon, 13 to 18 afternoon, otherwise evening. */
export function greetingFor(hour: number): Greeting {
  if (hour < GREETING_HOURS.noon) return 'morning';
  if (hour < GREETING_HOURS.afternoon) return 'noon';
  if (hour < GREETING_HOURS.evening) return 'afternoon';
  return 'evening';
}
