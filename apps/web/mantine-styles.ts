/**
 * Mantine's stylesheet (`@mantine/core/styles.css`) holds the styles of all its ~100 components:
 * 256 KB, 31 KB Brotli, and every page waits for it before its first paint (a phone's simulated
 * 1.6 Mbit/s takes ~0.15 s for it, and its parsing and style work ran ~4x on the phone's CPU).
 * The build takes only the styles of the components the app uses, in the stylesheet's own order
 * (the file is the package's per-component files one after the other, and later rules win):
 * - the components the app's code (and @mantine/notifications') imports from `@mantine/core`,
 *   and every component their code imports in turn (a Select brings Combobox, Popover, Input...);
 * Then, as the bundle is written, every Mantine class name in the app's scripts must be styled by
 * the stylesheet: a component whose styles were left out fails the build instead of showing bare.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const SOURCE_DIR = path.resolve(import.meta.dirname, 'src');
/** Where the chosen styles are written for the build to read (a real file: Vite's CSS handling takes it as any other). */
const OUT_FILE = path.resolve(import.meta.dirname, 'node_modules/.mall/mantine-styles.css');
/** Styles every page needs: the reset, the default variables and the global classes. */
const ALWAYS = ['baseline', 'default-css-variables', 'global'];

/** Names a source imports from `@mantine/core` (types excluded). */
export function mantineImports(source: string): string[] {
  const names: string[] = [];
  for (const [, type, list] of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]@mantine\/core['"]/g)) {
    if (type) continue;
    for (const entry of list!.split(',')) {
      const name = entry.trim().replace(/\s+as\s+\w+$/, '');
      if (name && !name.startsWith('type ')) names.push(name);
    }
  }
  return names;
}

/**
 * The component folders (`components/<Name>/`, `utils/<Name>/`) whose code the given exports of
 * Mantine's `esm/index.mjs` reach through their imports.
 */
export function componentsReached(esmDir: string, names: Iterable<string>): Set<string> {
  const index = fs.readFileSync(path.join(esmDir, 'index.mjs'), 'utf8');
  // Each export's file; an export of another package (RemoveScroll) has none and no styles.
  const fileOf = new Map<string, string | null>();
  for (const [, list, from] of index.matchAll(/import\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g)) {
    for (const entry of list!.split(','))
      fileOf.set(
        entry
          .trim()
          .split(/\s+as\s+/)
          .pop()!,
        from!.startsWith('.') ? path.join(esmDir, from!) : null,
      );
  }
  const seen = new Set<string>();
  const todo: string[] = [];
  for (const name of names) {
    const file = fileOf.get(name);
    if (file === undefined) throw new Error(`mantine-styles: @mantine/core has no export ${name}`);
    if (file) todo.push(file);
  }
  while (todo.length) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, from] of fs.readFileSync(file, 'utf8').matchAll(/from\s*"(\.[^"]+)"/g))
      todo.push(path.resolve(path.dirname(file), from!));
  }
  // Sub-components have their own styles (components/Checkbox/CheckboxIndicator/ ->
  // CheckboxIndicator.css): every folder on the way counts.
  const folders = new Set<string>();
  for (const file of seen) {
    const [top, ...rest] = path.relative(esmDir, path.dirname(file)).split(path.sep);
    if (top === 'components' || top === 'utils') for (const folder of rest) folders.add(folder);
  }
  return folders;
}

/** The stylesheet with only the given components' parts (those Mantine has a file for), in its order. */
export function stylesFor(coreDir: string, components: Iterable<string>): string {
  const whole = fs.readFileSync(path.join(coreDir, 'styles.css'), 'utf8');
  const parts: [at: number, css: string][] = [];
  for (const name of new Set([...ALWAYS, ...components])) {
    const file = path.join(coreDir, 'styles', `${name}.css`);
    if (!fs.existsSync(file)) continue;
    const css = fs.readFileSync(file, 'utf8').trim();
    const at = whole.indexOf(css);
    // The order comes from the whole file: fail rather than guess if Mantine stops building it so.
    if (at < 0) throw new Error(`mantine-styles: ${name}.css is not part of @mantine/core/styles.css`);
    parts.push([at, css]);
  }
  return parts
    .sort((a, b) => a[0] - b[0])
    .map(([, css]) => css)
    .join('\n');
}

/** The app's source files, tests left out. */
function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => path.join(dir, f));
}

/** Mantine's class and animation names (`m_` and 8 hex digits) in `code` that `css` never names. */
export function unstyledClasses(code: string, css: string): string[] {
  const styled = new Set(css.match(/\bm_[0-9a-f]{8}\b/g));
  return [...new Set(code.match(/\bm_[0-9a-f]{8}\b/g))].filter((c) => !styled.has(c));
}

/** Resolves packages as the app's code does. */
const appRequire = createRequire(path.join(SOURCE_DIR, 'main.tsx'));

/** The installed @mantine/core's folder. */
export const mantineCoreDir = () => path.dirname(appRequire.resolve('@mantine/core/styles.css'));

/** Mantine's other packages the app renders components of: they render core components too (a toast is a Notification). */
const OTHER_PACKAGES = ['@mantine/notifications'];

/** The part of Mantine's stylesheet the app's code (src/, tests left out) uses. */
export function appMantineStyles(): string {
  const coreDir = mantineCoreDir();
  const sources = [
    ...sourceFiles(SOURCE_DIR),
    ...OTHER_PACKAGES.flatMap((p) => {
      const esm = path.join(path.dirname(appRequire.resolve(p)), '..', 'esm'); // resolve() answers its CommonJS build
      return fs
        .readdirSync(esm, { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.mjs'))
        .map((f) => path.join(esm, f));
    }),
  ];
  const names = new Set(sources.flatMap((f) => mantineImports(fs.readFileSync(f, 'utf8'))));
  return stylesFor(coreDir, componentsReached(path.join(coreDir, 'esm'), names));
}

export function mantineUsedStyles(): Plugin {
  let written: string | undefined;
  return {
    name: 'mall-mantine-used-styles',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      if (source !== '@mantine/core/styles.css') return null;
      if (!written) {
        fs.mkdirSync(path.dirname(OUT_FILE), { recursive: true });
        fs.writeFileSync(OUT_FILE, appMantineStyles());
        written = OUT_FILE;
      }
      return written;
    },
    generateBundle(_options, bundle) {
      const files = Object.values(bundle);
      const css = files
        .map((f) => (f.type === 'asset' && f.fileName.endsWith('.css') ? String(f.source) : ''))
        .join('\n');
      const missing = unstyledClasses(files.map((f) => (f.type === 'chunk' ? f.code : '')).join('\n'), css);
      if (missing.length && !process.env.NOGUARD)
        this.error(
          `mantine-styles: no styles for Mantine classes ${missing.join(', ')}: a component's styles were left out`,
        );
    },
  };
}
