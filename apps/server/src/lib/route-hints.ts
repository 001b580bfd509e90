/**
 * The files a route's first load needs beyond the app shell's, named in the shell the server
 * sends for that route: `<link rel="modulepreload">` for its scripts (its layouts' and page's
 * code, its texts) and `<link rel="preload" as="style">` for its styles. The browser fetches
 * them together with the shell's own files; left to the app, they were asked for only once the
 * shell had downloaded and run, a second round of requests (on a phone over HTTP/1.1, Lighthouse's
 * largest paint of the order list came 0.2-0.5 s later). The list comes from the web build
 * (`route-files.json`, written by apps/web/route-first-loads.ts from the app's router).
 */

/** `route-files.json`, as apps/web/route-first-loads.ts writes it. */
export interface RouteFiles {
  /** Per route pattern (React Router's: `/item/:urlKey`): its scripts and styles, as paths under the build. */
  routes: { path: string; scripts: string[]; styles: string[]; areas: string[] }[];
  /** texts[language][area]: the scripts of an area's texts; texts[language]['']: the language's base texts. */
  texts: Record<string, Record<string, string[]>>;
}

const segments = (path: string) => path.toLowerCase().split('/').filter(Boolean);

/**
 * The route pattern `pathname` opens, as React Router picks it: segments match case-insensitively,
 * `:name` matches any one segment, and a pattern with more fixed segments wins. The catch-all
 * (`*`, the not-found page) gets no hints.
 */
export function matchRoute<R extends { path: string }>(routes: readonly R[], pathname: string): R | undefined {
  const wanted = segments(pathname);
  let best: { route: R; fixed: number } | undefined;
  for (const route of routes) {
    const pattern = segments(route.path);
    if (pattern.length !== wanted.length) continue;
    let fixed = 0;
    const matches = pattern.every((part, i) => {
      if (part.startsWith(':')) return true;
      fixed++;
      return part === wanted[i];
    });
    if (matches && (!best || fixed > best.fixed)) best = { route, fixed };
  }
  return best?.route;
}

/** Only names the build writes (`assets/Name-hash.js`) go into the page. */
const SAFE_FILE = /^assets\/[\w.-]+\.(js|css)$/;

/**
 * The `<link>` elements for the route `pathname` opens, in a page shown in `language`: the route's
 * files, its text areas in English (every language's fallback) and, for another language, that
 * language's base texts and areas, as the app's translator loads them (apps/web/src/shared/i18n.ts).
 */
export function routeHints(files: RouteFiles, pathname: string, language: string): string {
  const route = matchRoute(files.routes, pathname);
  if (!route) return '';
  const languages = language !== 'en' && files.texts[language] ? ['en', language] : ['en'];
  const scripts = new Set(route.scripts);
  for (const lng of languages) {
    for (const area of lng === 'en' ? route.areas : ['', ...route.areas]) for (const file of files.texts[lng]?.[area] ?? []) scripts.add(file);
  }
  // `crossorigin` as Vite's own links have it, so the app's request for the module finds this one.
  return [...scripts].filter((f) => SAFE_FILE.test(f)).map((f) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${f}">`).join('')
    + route.styles.filter((f) => SAFE_FILE.test(f)).map((f) => `<link rel="preload" as="style" fetchpriority="low" crossorigin href="/${f}">`).join('');
}
