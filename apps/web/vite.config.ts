import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { mantineUsedStyles } from './mantine-styles.ts';

/**
 * Writes `<file>.br` (Brotli, highest quality) and `<file>.gz` (gzip -9) beside every text file
 * of the build; the server sends the one the browser accepts (apps/server/src/lib/static.ts).
 * Done once here because Brotli's best level is far too slow to run per request.
 */
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function precompress(): Plugin {
  const TEXT = /\.(js|mjs|css|html|svg|json|txt|map)$/;
  const MIN_BYTES = 1024; // below one packet compression saves nothing
  return {
    name: 'mall-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir!;
      const files = Object.keys(bundle).filter((f) => TEXT.test(f));
      if (fs.existsSync(path.join(outDir, 'index.html')) && !files.includes('index.html')) files.push('index.html');
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const raw = await fs.promises.readFile(file);
          if (raw.length < MIN_BYTES) return;
          // The async forms run on libuv's thread pool, several files at once.
          const [br, gz] = await Promise.all([
            brotli(raw, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gzip(raw, { level: 9 }),
          ]);
          await Promise.all([fs.promises.writeFile(`${file}.br`, br), fs.promises.writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * Marks every script chunk for eager compilation (V8's explicit compile hints, Chrome 136+: the
 * magic comment on a file's first line). Left lazy, each function a page calls while it loads was
 * compiled on the main thread at its first call: 775 compiles, 72-89 ms of a trace of the order
 * list, x4 on a phone; now 122, 16-25 ms. V8 compiles the rest while the file streams in, on a
 * background thread, functions a page never calls included (200-218 ms there instead of 36-43):
 * the chunks are split by route, so most of what a page loads runs. Added after minification,
 * which drops comments (the build writes no source maps, which the extra line would shift).
 */
export function compileHints(): Plugin {
  const HINT = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'mall-compile-hints',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk') chunk.code = HINT + chunk.code;
    },
  };
}

/**
 * A `<link rel="preload" as="font">` in the built index.html for the shop's font (app/fonts.css),
 * by its hashed name: the browser fetches it with the page's styles instead of once the first
 * layout finds text that needs it, so the text swaps to it sooner (font-display: swap). Only the
 * Latin file, which every page uses; the build fails if the font is no longer emitted.
 */
export function preloadFont(file = 'inter-latin-wght-normal.woff2'): Plugin {
  return {
    name: 'mall-preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const asset = Object.values(ctx.bundle ?? {}).find((o) => o.type === 'asset' && o.names.includes(file));
        if (!asset) throw new Error(`mall-preload-font: ${file} is not in the build`);
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${asset.fileName}`, crossorigin: true },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // The server build (entry-server.tsx, run inside the Fastify server) carries its libraries in
  // its own files, so it runs wherever the build is put.
  plugins: isSsrBuild ? [react()] : [mantineUsedStyles(), react(), compileHints(), preloadFont(), precompress()],
  ssr: { noExternal: true },
  build: isSsrBuild
    ? { outDir: 'dist-server', emptyOutDir: true }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        rolldownOptions: {
          // The app's chunks export only what other chunks import (needed to inline chunks below).
          preserveEntrySignatures: false,
          output: {
            codeSplitting: {
              // Over HTTP/1.1 a phone fetches six files at a time, and each costs a round trip: the
              // order list's first load was 45 files (mostly shared bits under 1 KB: an icon, a Mantine
              // part), and its largest paint waited 1.2 s longer than over HTTP/2 (Lighthouse). A
              // shared chunk under 10 KB (source size) is now copied into the chunks that use it
              // (one copy runs: rolldown's runtime keeps one module state); a route loads 6 to 16
              // files. Chunks holding styles stay files, as Vite's CSS handling needs.
              experimentalInlineCommonChunks: { maxSize: 10 * 1024, exclude: /\.css(\?|$)/ },
              // Left to itself the bundler puts shared modules in whichever chunk it meets first:
              // floating-ui (popovers, selects, menus) rode into every page with a Modal or a Table.
              // Only the matched modules move: their dependencies stay where they are.
              groups: [
                {
                  name: 'floating-ui',
                  test: /node_modules[\\/]@floating-ui[\\/]/,
                  includeDependenciesRecursively: false,
                },
                // Left to itself every module shared by a different set of routes became a chunk of
                // its own: 50 to 90 files on a first load, most under 1 KB, and a phone waits on each
                // request. What at least 25 of the ~40 route chunks use (layout, Mantine's core
                // components, query and form hooks) is one chunk: a first load now takes 13 to 45
                // files, most routes lighter than before (Lighthouse FCP 2.4 -> 1.8 s). At 10 or 18
                // routes more pages pay for code they do not use and go over 150 KB. With ~45 route
                // chunks, 25 took ScrollArea, Skeleton and floating-ui into every page (+20 KB gzip): 30.
                { name: 'common', test: /node_modules|[\\/]src[\\/]/, minShareCount: 30, priority: -1 },
              ],
            },
          },
        },
      },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/sapi': 'http://localhost:3000',
      '/media': 'http://localhost:3000',
      '/docs': 'http://localhost:3000',
      '/auth': 'http://localhost:3000',
    },
  },
}));
