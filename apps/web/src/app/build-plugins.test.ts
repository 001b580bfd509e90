import { describe, expect, it } from 'vitest';
import { compileHints, preloadFont } from '../../vite.config';

describe('compile hints (vite.config.ts)', () => {
  it("puts V8's eager-compilation comment on the first line of every script chunk, after minification, and leaves other files alone", () => {
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
      'assets/inter-latin-ext-wght-normal-a1.woff2': {
        type: 'asset',
        names: ['inter-latin-ext-wght-normal.woff2'],
        fileName: 'assets/inter-latin-ext-wght-normal-a1.woff2',
      },
      'assets/inter-latin-wght-normal-b2.woff2': {
        type: 'asset',
        names: ['inter-latin-wght-normal.woff2'],
        fileName: 'assets/inter-latin-wght-normal-b2.woff2',
      },
      'assets/index-c3.js': { type: 'chunk', fileName: 'assets/index-c3.js' },
    };
    expect(handler('<html></html>', { bundle })).toEqual([
      {
        tag: 'link',
        attrs: {
          rel: 'preload',
          as: 'font',
          type: 'font/woff2',
          href: '/assets/inter-latin-wght-normal-b2.woff2',
          crossorigin: true,
        },
        injectTo: 'head',
      },
    ]);
  });

  it('fails the build when the font is not emitted', () => {
    expect(() => handler('<html></html>', { bundle: {} })).toThrow(/inter-latin-wght-normal.woff2 is not in the build/);
  });
});
