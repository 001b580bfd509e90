/**
 * Delivery day and time choices (SPEC §9: the Japan site has them): which days and time slots a
 * site offers, and what is wrong with a buyer's choice. One rule for the checkout form (it offers
 * these and checks the choice before submitting) and the server (preview and submit refuse
 * anything else), with the same error codes and messages.
 */
import { ERROR_CODES, type ErrorCode, type Site } from '@mall/contracts';

const DAY_MS = 86_400_000;

/** Today's date where the site is, as "YYYY-MM-DD". */
export function siteToday(timeZone: string, now: Date): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export interface DeliveryDayChoices {
  /** Days from today to the first day offered (0 where the site offers none). */
  delayDays: number;
  /** The days offered, "YYYY-MM-DD", in order. */
  dayList: string[];
  dayTimeList: string[];
}

export function deliveryDayChoices(site: Site, now: Date): DeliveryDayChoices {
  const rule = site.features.deliveryDayTime;
  if (!rule) return { delayDays: 0, dayList: [], dayTimeList: [] };
  const first = addDays(siteToday(rule.timeZone, now), rule.firstDayOffset);
  return {
    delayDays: rule.firstDayOffset,
    dayList: Array.from({ length: rule.days }, (_, i) => addDays(first, i)),
    dayTimeList: [...rule.timeSlots],
  };
}

export interface DeliveryChoice {
  deliveryDay?: string;
  deliveryTime?: string;
}
export interface DeliveryChoiceProblem {
  code: ErrorCode;
  message: string;
  details?: Record<string, unknown>;
}

/** English texts of the codes (the web app shows its translation of the code: locales errors.<code>). */
export const DELIVERY_CHOICE_MESSAGES = {
  [ERROR_CODES.deliveryDayNotOffered]: 'A delivery day and time cannot be chosen on this site',
  [ERROR_CODES.deliveryDayOutOfRange]: 'Please choose one of the delivery days offered',
  [ERROR_CODES.deliveryTimeNotOffered]: 'Please choose one of the delivery times offered',
} as const;

/**
 * What is wrong with a delivery day and time choice, or null. No choice (or empty ones: "no
 * preference") is always fine; a day must be one of deliveryDayChoices' days, a time one of its
 * slots, and a site without the choice takes neither.
 */
export function deliveryChoiceProblem(
  site: Site,
  choice: DeliveryChoice | undefined,
  now: Date,
): DeliveryChoiceProblem | null {
  const day = choice?.deliveryDay || undefined;
  const time = choice?.deliveryTime || undefined;
  if (!day && !time) return null;
  const problem = (code: keyof typeof DELIVERY_CHOICE_MESSAGES, details?: Record<string, unknown>) => ({
    code,
    message: DELIVERY_CHOICE_MESSAGES[code],
    ...(details && { details }),
  });
  if (!site.features.deliveryDayTime) return problem(ERROR_CODES.deliveryDayNotOffered, { site: site.code });
  const { dayList, dayTimeList } = deliveryDayChoices(site, now);
  if (day && !dayList.includes(day))
    return problem(ERROR_CODES.deliveryDayOutOfRange, {
      deliveryDay: day,
      first: dayList[0],
      last: dayList[dayList.length - 1],
    });
  if (time && !dayTimeList.includes(time))
    return problem(ERROR_CODES.deliveryTimeNotOffered, { deliveryTime: time, timeSlots: dayTimeList });
  return null;
}
