/**
 * What a buyer has written but not sent yet is kept in sessionStorage (per order line or per
 * review), so a reload or a detour on a phone does not lose it. Cleared once it is published.
 */
import type { ReviewImage } from '../api/uploadImage';

export interface Draft {
  rate: number;
  content: string;
  images: ReviewImage[];
}
export const EMPTY_DRAFT: Draft = { rate: 0, content: '', images: [] };

const PREFIX = 'mall.review-draft.';

export function loadDraft(key: string): Draft {
  try {
    const raw = sessionStorage.getItem(PREFIX + key);
    if (!raw) return EMPTY_DRAFT;
    const d = JSON.parse(raw) as Partial<Draft>;
    return {
      rate: Number.isInteger(d.rate) && d.rate! >= 0 && d.rate! <= 5 ? d.rate! : 0,
      content: typeof d.content === 'string' ? d.content : '',
      images: Array.isArray(d.images)
        ? d.images.filter((i): i is ReviewImage => typeof i?.url === 'string' && typeof i?.thumbUrl === 'string')
        : [],
    };
  } catch {
    return EMPTY_DRAFT;
  }
}

export function saveDraft(key: string, d: Draft): void {
  try {
    if (!d.rate && !d.content && !d.images.length) sessionStorage.removeItem(PREFIX + key);
    else sessionStorage.setItem(PREFIX + key, JSON.stringify(d));
  } catch {
    // Private mode or full storage: the draft just is not kept.
  }
}

export const clearDraft = (key: string) => {
  try {
    sessionStorage.removeItem(PREFIX + key);
  } catch {
    /* nothing kept */
  }
};
