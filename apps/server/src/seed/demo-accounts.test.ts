/**
 * The demo accounts of the start banner, the seed and the README are one list, so they
 * cannot differ: every listed account exists and logs in, every account
 * the seed gives a role or an enterprise is listed, and README's table names exactly these.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isNotNull, ne, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../config.js';
import { users } from '../db/schema/index.js';
import { createTestApp, login, type TestApp } from '../../test/helpers.js';
import { DEMO_ACCOUNTS } from './index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const listed = Object.values(DEMO_ACCOUNTS).map((a) => a.email);

describe('demo accounts', () => {
  it('every listed account exists and logs in with the demo password', async () => {
    for (const email of listed) await login(t.app, email);
  });

  it('every seeded seller, operator and enterprise account is listed', async () => {
    const special = await t.db
      .select({ email: users.email })
      .from(users)
      .where(or(ne(users.role, 'BUYER'), isNotNull(users.enterpriseId)));
    expect(special.length).toBeGreaterThan(5);
    for (const u of special) expect(listed).toContain(u.email);
    expect(listed).toContain('services@demo.shop');
  });

  it("README's demo table names exactly the listed accounts", () => {
    const readme = fs.readFileSync(path.join(ROOT_DIR, 'README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('## Demo accounts'));
    const rows = table
      .slice(0, table.indexOf('\n\n', table.indexOf('| --- |')))
      .split('\n')
      .filter((l) => /^\| `[^`]+@demo\.shop`/.test(l));
    expect(rows.map((l) => /`([^`]+)`/.exec(l)![1])).toEqual(listed);
  });
});
