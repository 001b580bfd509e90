/**
 * The newest drizzle-kit snapshot is the TypeScript schema as the migrations leave it, so that
 * `npm run db:generate` after a schema change writes only that change (not every table since an
 * old snapshot). A migration written by hand is made with `npm run db:generate -- --custom`, which
 * writes its snapshot too.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import * as schema from './schema/index.js';

const meta = fileURLToPath(new URL('./migrations/meta/', import.meta.url));
const journal = JSON.parse(readFileSync(`${meta}_journal.json`, 'utf8')) as { entries: { idx: number; tag: string }[] };
const snapshots = readdirSync(meta)
  .filter((f) => /^\d{4}_snapshot\.json$/.test(f))
  .sort();
const newest = snapshots.at(-1)!;

describe('drizzle-kit snapshots', () => {
  it('the newest snapshot belongs to the newest migration', () => {
    expect(Number(newest.slice(0, 4)), `${newest} vs ${journal.entries.at(-1)!.tag}`).toBe(journal.entries.at(-1)!.idx);
  });

  it('the schema has nothing the newest snapshot lacks: db:generate would write no statement', async () => {
    const prev = JSON.parse(readFileSync(meta + newest, 'utf8')) as Parameters<typeof generateMigration>[0];
    const cur = generateDrizzleJson(schema, prev.id);
    expect(await generateMigration(prev, cur)).toEqual([]);
  });
});
