import { describe, expect, it } from 'vitest';

/** Every text of one language, base file and areas, as [key path, text]. */
function textsOf(language: string): [string, string][] {
  const files = import.meta.glob<Record<string, unknown>>(['./*.json', './*/*.json'], {
    eager: true,
    import: 'default',
  });
  const out: [string, string][] = [];
  const walk = (value: unknown, path: string) => {
    if (typeof value === 'string') out.push([path, value]);
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k);
  };
  for (const [file, texts] of Object.entries(files)) if (file.endsWith(`/${language}.json`)) walk(texts, file);
  return out;
}

describe("wording of the shop's texts", () => {
  it('spells "canceled" one way in English: the US spelling of the statuses (SPEC: "Canceled")', () => {
    const british = textsOf('en').filter(([, text]) => /cancell(ed|ing)/i.test(text));
    expect(british).toEqual([]);
  });

  it('sets a count apart from the word before it: "to review (12)", not "to review(12)"', () => {
    for (const language of ['en', 'de', 'es', 'fr', 'it', 'nl']) {
      const stuck = textsOf(language).filter(([, text]) => /[^\s([]\(\{\{\s*\w+\s*\}\}\)/.test(text));
      expect(stuck, language).toEqual([]);
    }
  });
});
