/** Demo texts of the content store (articles, forum posts, policy pages), one file per language. */
import type { PolicyKind, SiteCode } from '@mall/contracts';

export interface SiteFacts {
  code: SiteCode;
  name: string;
  /** VAT in percent as written in the language (e.g. "19"), null for the US (sales tax by state). */
  vat: string | null;
}
export interface Doc {
  title: string;
  summary?: string;
  html: string;
}
export interface SeedArticle extends Doc {
  category: string;
  pinned?: boolean;
  author?: string;
  daysAgo: number;
}
export interface LanguageContent {
  policies: (site: SiteFacts) => Partial<Record<PolicyKind, Doc>>;
  categories: { code: string; name: string }[];
  articles: SeedArticle[];
}

/** A policy section: a heading and its paragraphs (or a list when a paragraph is an array). */
export function sec(heading: string, ...parts: (string | string[])[]): string {
  return `<h2>${heading}</h2>${parts.map((p) => (Array.isArray(p) ? `<ul>${p.map((li) => `<li>${li}</li>`).join('')}</ul>` : `<p>${p}</p>`)).join('')}`;
}

/** The shop's timed rules (README: pay deadline, receipt, after-sales deadlines), quoted by every policy text. */
export const RULES = {
  payMinutes: 30,
  receiptDays: 10,
  postponeDays: 5,
  postponeTimes: 2,
  auditDays: 3,
  returnDays: 7,
  confirmDays: 10,
} as const;
