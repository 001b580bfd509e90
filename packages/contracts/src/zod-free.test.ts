import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// `@mall/contracts/constants` must not reach zod: every module it imports, transitively.
describe('@mall/contracts/constants', () => {
  it('imports no zod, directly or through another module', () => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = fs.readFileSync(file, 'utf8');
      for (const [, spec] of source.matchAll(/^(?:import|export)(?!\s+type\b)[^;]*?from\s+'([^']+)'/gm)) {
        expect(spec, `${path.basename(file)} imports ${spec}`).toMatch(/^\./);
        visit(path.resolve(path.dirname(file), spec!.replace(/\.js$/, '.ts')));
      }
    };
    const pkg = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../package.json'), 'utf8')) as {
      exports: Record<string, string>;
    };
    visit(path.resolve(import.meta.dirname, '..', pkg.exports['./constants']!));
    expect(seen.size).toBeGreaterThan(3);
  });
});
