import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { compileHints, preloadFont, preloadLinksInGroups } from '../../vite.config';

const HELPER = '\0vite/preload-helper.js';
// The part of Vite's preload helper the plugin changes: one link appended per chunk.
const HELPER_CODE = 'export function preloadAll(links) { for (const link of links) { document.head.appendChild(link); } }';

function transform(code: string, id: string) {
  const hook = preloadLinksInGroups().transform as (this: unknown, code: string, id: string) => { code: string } | null;
  return hook.call({}, code, id);
}

/** Runs the transformed helper with a head that records appended links and timers run by hand. */
function load(code: string) {
  const appended: string[] = [];
  const timers: (() => void)[] = [];
  const document = { head: { appendChild: (link: { href: string }) => appended.push(link.href) } };
  const setTimeout = (fn: () => void) => timers.push(fn);
  const preloadAll = new Function('document', 'setTimeout', `${code.replace('export function', 'function')}; return preloadAll;`)(document, setTimeout) as (links: { href: string }[]) => void;
  const runTask = () => timers.shift()!();
  return { preloadAll, appended, timers, runTask };
}

describe('modulepreload links in groups (vite.config.ts)', () => {
  it('appends a page\'s links a few per task, in order, instead of all in the task that asks for the page', () => {
    const { preloadAll, appended, timers, runTask } = load(transform(HELPER_CODE, HELPER)!.code);
    const links = Array.from({ length: 10 }, (_, i) => ({ href: `/assets/chunk-${i}.js` }));
    preloadAll(links);
    expect(appended).toEqual([]);
    runTask();
    expect(appended).toEqual(links.slice(0, 4).map((l) => l.href));
    while (timers.length) runTask();
    expect(appended).toEqual(links.map((l) => l.href));
  });

  it('takes links asked for while a group waits into the same queue', () => {
    const { preloadAll, appended, timers, runTask } = load(transform(HELPER_CODE, HELPER)!.code);
    preloadAll([{ href: '/a.js' }, { href: '/b.js' }]);
    preloadAll([{ href: '/c.js' }]);
    expect(timers).toHaveLength(1);
    runTask();
    expect(appended).toEqual(['/a.js', '/b.js', '/c.js']);
    expect(timers).toHaveLength(0);
  });

  it('leaves other modules alone and fails the build when Vite\'s helper no longer appends links the same way', () => {
    expect(transform(HELPER_CODE, '/src/main.tsx')).toBeNull();
    expect(() => transform('export function preloadAll() {}', HELPER)).toThrow(/not found in Vite's preload helper/);
    expect((preloadLinksInGroups() as Plugin).apply).toBe('build');
  });
});

describe('compile hints (vite.config.ts)', () => {
  it('puts V8\'s eager-compilation comment on the first line of every script chunk, after minification, and leaves other files alone', () => {
    const bundle = {
      'assets/index-a1.js': { type: 'chunk', code: 'import{a}from"./common-b2.js";a();' },
      'assets/index-c3.css': { type: 'asset', source: 'body{margin:0}' },
    };
    const hook = compileHints().generateBundle as (this: unknown, options: unknown, bundle: unknown) => void;
    hook.call({}, {}, bundle);
    expect(bundle['assets/index-a1.js'].code).toBe('//# allFunctionsCalledOnLoad\nimport{a}from"./common-b2.js";a();');
    expect(bundle['assets/index-c3.css']).toEqual({ type: 'asset', source: 'body{margin:0}' });
    expect(compileHints().apply).toBe('build');
  });
});

describe('font preload (vite.config.ts)', () => {
  const handler = (preloadFont().transformIndexHtml as { handler: (html: string, ctx: unknown) => unknown }).handler;
  it('adds a preload link for the emitted Latin font file, by its hashed name', () => {
    const bundle = {
      'assets/inter-latin-ext-wght-normal-a1.woff2': { type: 'asset', names: ['inter-latin-ext-wght-normal.woff2'], fileName: 'assets/inter-latin-ext-wght-normal-a1.woff2' },
      'assets/inter-latin-wght-normal-b2.woff2': { type: 'asset', names: ['inter-latin-wght-normal.woff2'], fileName: 'assets/inter-latin-wght-normal-b2.woff2' },
      'assets/index-c3.js': { type: 'chunk', fileName: 'assets/index-c3.js' },
    };
    expect(handler('<html></html>', { bundle })).toEqual([{
      tag: 'link', attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: '/assets/inter-latin-wght-normal-b2.woff2', crossorigin: true }, injectTo: 'head',
    }]);
  });

  it('fails the build when the font is not emitted', () => {
    expect(() => handler('<html></html>', { bundle: {} })).toThrow(/inter-latin-wght-normal.woff2 is not in the build/);
  });
});
