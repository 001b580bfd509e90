/**
 * Writes `route-files.json` beside the build: for every route of src/app/router.tsx, the files
 * its first load fetches beyond the app shell's (its layouts' and page's chunks with the chunks
 * they import, its styles, and its text areas per language). The server names them in the app
 * shell it sends for that route (apps/server/src/lib/static.ts: `<link rel="modulepreload">`),
 * so a phone fetches the page's code together with the shell. Left to the app, the page's code
 * was asked for only once the shell had downloaded and run (app/router.tsx: preloadPage), a
 * second round of requests after the first: over HTTP/1.1, Lighthouse's largest paint of the
 * order list came 0.2-0.5 s later.
 *
 * The routes are read from router.tsx itself, its one home: every `{ path, ...page(load, pick,
 * { areas }) }` entry, the layouts around it (`children`), and the policy routes made from
 * `Object.entries(POLICY_PAGES)`. A `page(...)` whose loader cannot be read fails the build, so
 * a new way of declaring a route cannot silently lose its hints.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseAst } from 'rolldown/parseAst';
import type { Plugin } from 'vite';

const SOURCE_DIR = path.resolve(import.meta.dirname, 'src');
const ROUTER = path.join(SOURCE_DIR, 'app', 'router.tsx');
export const ROUTE_FILES = 'route-files.json';

/** A route as router.tsx declares it: its pattern, the modules it loads (layouts first) and its text areas. */
export interface RouteLoad { path: string; modules: string[]; areas: string[] }

/** What the server reads (apps/server/src/lib/static.ts has the same shape). */
export interface RouteFiles {
  /** Per route pattern: its scripts and styles, as paths under the build (`assets/...`). */
  routes: { path: string; scripts: string[]; styles: string[]; areas: string[] }[];
  /** texts[language][area]: the scripts of an area's texts; texts[language][''] the language's base texts. */
  texts: Record<string, Record<string, string[]>>;
}

// A small ESTree view: enough to read the route table.
interface Node { type: string; [key: string]: any }

const unwrap = (node: Node): Node => (node.type === 'TSAsExpression' || node.type === 'TSSatisfiesExpression' || node.type === 'ParenthesizedExpression' ? unwrap(node.expression) : node);
const keyName = (prop: Node): string | undefined => (prop.key?.type === 'Identifier' ? prop.key.name : typeof prop.key?.value === 'string' ? prop.key.value : undefined);
const property = (object: Node, name: string): Node | undefined =>
  object.properties.find((p: Node) => p.type === 'Property' && keyName(p) === name)?.value;

/** `() => import('x')` -> 'x'. */
function importOf(node: Node): string | undefined {
  const fn = unwrap(node);
  if (fn.type !== 'ArrowFunctionExpression' || fn.params.length) return undefined;
  const body = unwrap(fn.body);
  return body.type === 'ImportExpression' && typeof body.source.value === 'string' ? body.source.value : undefined;
}

/** Reads the route table of router.tsx's source. */
export function readRoutes(source: string): RouteLoad[] {
  const program = parseAst(source, { lang: 'tsx' }) as unknown as Node;
  // Top-level constants the table refers to: loaders (`checkout`, `catalog.home`), area lists
  // (`ORDERS`) and the policy routes' object (`POLICY_PAGES`).
  const loaders = new Map<string, string>();
  const lists = new Map<string, string[]>();
  const objectKeys = new Map<string, string[]>();
  let table: Node | undefined;
  for (const statement of program.body as Node[]) {
    if (statement.type !== 'VariableDeclaration') continue;
    for (const { id, init } of statement.declarations as Node[]) {
      if (id.type !== 'Identifier' || !init) continue;
      const value = unwrap(init);
      const loaded = importOf(value);
      if (loaded) loaders.set(id.name, loaded);
      if (value.type === 'ArrayExpression') {
        if (value.elements.every((e: Node | null) => e?.type === 'Literal' && typeof e.value === 'string')) lists.set(id.name, value.elements.map((e: Node) => e.value));
        if (id.name === 'routes') table = value;
      }
      if (value.type === 'ObjectExpression') {
        const keys: string[] = [];
        for (const prop of value.properties as Node[]) {
          const key = keyName(prop);
          if (!key) continue;
          keys.push(key);
          const member = importOf(prop.value);
          if (member) loaders.set(`${id.name}.${key}`, member);
        }
        objectKeys.set(id.name, keys);
      }
    }
  }
  if (!table) throw new Error('route-first-loads: router.tsx has no `const routes = [...]`');

  const loaderOf = (node: Node): string => {
    const direct = importOf(node);
    const name = node.type === 'Identifier' ? node.name
      : node.type === 'MemberExpression' && node.object.type === 'Identifier' && node.property.type === 'Identifier' ? `${node.object.name}.${node.property.name}` : undefined;
    const found = direct ?? (name ? loaders.get(name) : undefined);
    if (!found) throw new Error(`route-first-loads: cannot read the loader of a page() at ${source.slice(0, node.start).split('\n').length}:${node.start - source.lastIndexOf('\n', node.start - 1)} of router.tsx`);
    return found;
  };
  const areasOf = (options: Node | undefined): string[] => {
    const areas = options && unwrap(options).type === 'ObjectExpression' ? property(unwrap(options), 'areas') : undefined;
    if (!areas) return [];
    const value = unwrap(areas);
    if (value.type === 'ArrayExpression') return value.elements.map((e: Node) => e.value as string);
    if (value.type === 'Identifier' && lists.has(value.name)) return lists.get(value.name)!;
    throw new Error(`route-first-loads: cannot read the areas at offset ${areas.start} of router.tsx`);
  };

  const routes: RouteLoad[] = [];
  const visit = (elements: (Node | null)[], outer: Omit<RouteLoad, 'path'>) => {
    for (const element of elements) {
      if (!element) continue;
      if (element.type === 'SpreadElement') {
        // `...Object.entries(NAME).map(([path, ...]) => ({ path, ...page(...) }))`: one route per key of NAME.
        const call = unwrap(element.argument);
        const entries = call.callee?.object;
        const source = entries?.callee?.object?.name === 'Object' && entries.callee.property?.name === 'entries' ? entries.arguments[0] : undefined;
        const map = call.arguments?.[0] && unwrap(call.arguments[0]);
        if (source?.type !== 'Identifier' || !objectKeys.has(source.name) || map?.type !== 'ArrowFunctionExpression') {
          throw new Error(`route-first-loads: cannot read the routes spread at offset ${element.start} of router.tsx`);
        }
        for (const key of objectKeys.get(source.name)!) visitRoute(unwrap(map.body), outer, key);
        continue;
      }
      visitRoute(unwrap(element), outer);
    }
  };
  const visitRoute = (route: Node, outer: Omit<RouteLoad, 'path'>, pathFromMap?: string) => {
    if (route.type !== 'ObjectExpression') return;
    const spread = route.properties.find((p: Node) => p.type === 'SpreadElement' && p.argument.type === 'CallExpression' && p.argument.callee.name === 'page');
    const own = spread
      ? { modules: [...outer.modules, loaderOf(spread.argument.arguments[0])], areas: [...outer.areas, ...areasOf(spread.argument.arguments[2])] }
      : outer;
    const pattern = property(route, 'path');
    const routePath = pattern?.type === 'Literal' ? pattern.value as string : pathFromMap;
    if (spread && routePath) routes.push({ path: routePath, ...own });
    const children = property(route, 'children');
    if (children?.type === 'ArrayExpression') visit(children.elements, own);
  };
  visit(table.elements, { modules: [], areas: [] });
  return routes;
}

/** Every file a chunk needs loaded before it runs: itself and what it imports, transitively. */
function closure(fileName: string, chunks: Map<string, { imports: string[] }>, into = new Set<string>()): Set<string> {
  if (into.has(fileName)) return into;
  into.add(fileName);
  for (const imported of chunks.get(fileName)?.imports ?? []) closure(imported, chunks, into);
  return into;
}

/** The chunks of a build as far as this needs them (Vite's OutputBundle has more). */
type Bundle = Record<string, { type: string; fileName: string } & Partial<{ moduleIds: string[]; imports: string[]; isEntry: boolean; viteMetadata: { importedCss: Set<string> } }>>;

/**
 * The files of each route (`resolve` gives a module's id from its specifier in router.tsx) and of
 * each text area, in the bundle.
 */
export async function routeFilesOf(routes: RouteLoad[], bundle: Bundle, resolve: (spec: string) => Promise<string | undefined>): Promise<RouteFiles> {
  const chunks = new Map<string, { imports: string[]; css: string[] }>();
  // The chunk holding each module (the chunks lazily loaded modules start need not name them as
  // their facade); a module copied into several chunks (a small shared one) maps to none.
  const byModule = new Map<string, string | undefined>();
  let shell: Set<string> | undefined;
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk') continue;
    chunks.set(chunk.fileName, { imports: chunk.imports ?? [], css: [...(chunk.viteMetadata?.importedCss ?? [])] });
    for (const id of chunk.moduleIds ?? []) byModule.set(id, byModule.has(id) ? undefined : chunk.fileName);
  }
  for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) shell = closure(chunk.fileName, chunks);
  if (!shell) throw new Error('route-first-loads: the build has no entry chunk');
  // What files bring beyond the shell (which index.html already names).
  const beyondShell = (files: string[]) => {
    const all = new Set<string>();
    for (const file of files) closure(file, chunks, all);
    const scripts = [...all].filter((f) => !shell!.has(f));
    return { scripts, styles: [...new Set(scripts.flatMap((f) => chunks.get(f)!.css))] };
  };

  const out: RouteFiles = { routes: [], texts: {} };
  for (const route of routes) {
    const files: string[] = [];
    for (const spec of route.modules) {
      const id = await resolve(spec);
      const file = id && byModule.get(id);
      if (!file) throw new Error(`route-first-loads: no chunk holds ${spec} (route ${route.path}), or more than one does`);
      files.push(file);
    }
    out.routes.push({ path: route.path, ...beyondShell(files), areas: route.areas });
  }
  // The text files (shared/i18n.ts: locales/<area>/<language>.json and locales/<language>.json).
  const localesDir = path.join(SOURCE_DIR, 'locales') + path.sep;
  for (const [id, file] of byModule) {
    if (!file || !id.startsWith(localesDir) || !id.endsWith('.json')) continue;
    const parts = id.slice(localesDir.length, -'.json'.length).split(path.sep);
    const [area, language] = parts.length === 2 ? parts : ['', parts[0]!];
    (out.texts[language!] ??= {})[area!] = beyondShell([file]).scripts;
  }
  return out;
}

export function routeFirstLoads(): Plugin {
  return {
    name: 'mall-route-first-loads',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const routes = readRoutes(await fs.promises.readFile(ROUTER, 'utf8'));
      const files = await routeFilesOf(routes, bundle as unknown as Bundle, async (spec) => (await this.resolve(spec, ROUTER))?.id);
      this.emitFile({ type: 'asset', fileName: ROUTE_FILES, source: JSON.stringify(files) });
    },
  };
}
