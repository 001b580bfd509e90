/**
 * Who a notice about an order or a request goes to, and in which language: the account's email
 * (else a stand-in such as a guest's shipping contact), in the language the person chose, else
 * the default language of the site the order was placed on. A deleted account gets nothing.
 * Used by the notices queued through the outbox (bulk requests, group-buy groups).
 */
import { eq } from 'drizzle-orm';
import { isLanguage, SITES, type Language, type SiteCode } from '@mall/contracts';
import type { Db, Tx } from '../db/client.js';
import { userProfiles, users } from '../db/schema/index.js';

export interface NoticeRecipient {
  email: string;
  lang: Language;
  site: SiteCode;
}

export async function noticeRecipient(
  tx: Db | Tx,
  userId: bigint,
  site: string,
  fallbackEmail?: string | null,
): Promise<NoticeRecipient | null> {
  const [person] = await tx
    .select({ email: users.email, language: userProfiles.language, deletedAt: userProfiles.deletedAt })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(eq(users.id, userId));
  if (person?.deletedAt) return null;
  const email = person?.email || fallbackEmail;
  if (!email) return null;
  const s = SITES[site as SiteCode] ?? SITES.US;
  const lang: Language = person?.language && isLanguage(person.language) ? person.language : s.defaultLanguage;
  return { email, lang, site: s.code };
}
