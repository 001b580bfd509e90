import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

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
      await Promise.all(files.map(async (name) => {
        const file = path.join(outDir, name);
        const raw = await fs.promises.readFile(file);
        if (raw.length < MIN_BYTES) return;
        // The async forms run on libuv's thread pool, several files at once.
        const [br, gz] = await Promise.all([
          brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
          gzip(raw, { level: 9 }),
        ]);
        await Promise.all([fs.promises.writeFile(`${file}.br`, br), fs.promises.writeFile(`${file}.gz`, gz)]);
      }));
    },
  };
}

/**
 * Mantine's ScrollArea (inside every Modal, Drawer and Table) imports `useMergeRefs` from
 * @floating-ui/react, which is one module of ~15 KB gzip: that import alone goes to our copy of
 * the hook (src/shared/merge-refs.ts). Popovers, selects, menus and tooltips still get floating-ui.
 */
function scrollAreaMergeRefs(): Plugin {
  const shim = path.resolve(import.meta.dirname, 'src/shared/merge-refs.ts');
  const scrollArea = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/;
  return {
    name: 'mall-scrollarea-merge-refs',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === '@floating-ui/react' && importer && scrollArea.test(importer) ? shim : null;
    },
  };
}

export default defineConfig({
  plugins: [scrollAreaMergeRefs(), react(), precompress()],
  resolve: {
    alias: [
      // The app's own translator (src/shared/i18n.ts) stands in for react-i18next: same hook, a
      // sixth of the weight on every page's first load.
      { find: /^react-i18next$/, replacement: path.resolve(import.meta.dirname, 'src/shared/i18n.ts') },
      // Preact renders the app (src/shared/react-compat.ts): react-dom is ~60 KB gzip of every
      // route's first load, Preact's compatibility layer ~10. Types stay React's.
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
      { find: /^react$/, replacement: path.resolve(import.meta.dirname, 'src/shared/react-compat.ts') },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Left to itself the bundler puts shared modules in whichever chunk it meets first:
          // floating-ui rode with ScrollArea into every page with a Modal or a Table, and the
          // toast container with the notifications store into every page that shows a toast.
          // Only the matched modules move: their dependencies stay where they are (else Preact
          // went with floating-ui).
          groups: [
            { name: 'floating-ui', test: /node_modules[\\/]@floating-ui[\\/]/, includeDependenciesRecursively: false },
            { name: 'notifications-store', test: /@mantine[\\/]notifications[\\/]esm[\\/]notifications\.store/, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/sapi': 'http://localhost:3000', '/media': 'http://localhost:3000', '/docs': 'http://localhost:3000' },
  },
});
