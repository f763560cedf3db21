import type { Plugin } from 'vite';

/** A screen the server can prepare for: its path, its page module and the API data it reads first. */
export interface RouteHint {
  /** A path pattern: `:name` stands for one segment of digits. */
  path: string;
  /** The page's source module, as React.lazy imports it in src/app/router.tsx. */
  page: string;
  /** The API path the page fetches on arrival, with the same `:name` segments. */
  data?: string;
  /** The page's largest image: the data field with its URL, and the `sizes` of its `<img>`. */
  image?: { field: string; sizes: string };
}

/** What the server adds to index.html for one path (apps/api/src/plugins/web.ts). */
export interface BuiltRouteHint {
  path: string;
  /** The page's chunk and the chunks it imports, minus those the entry already loads. */
  modules: string[];
  styles: string[];
  data?: string;
  image?: { field: string; sizes: string };
}

export const ROUTE_HINTS_FILE = 'route-hints.json';

/**
 * Writes dist/route-hints.json: for each screen, the files the server announces in the HTML
 * (`<link rel=modulepreload>`, `<link rel=preload>`), so they download with the entry instead of
 * after it has run.
 */
export function routeHints(routes: RouteHint[]): Plugin {
  return {
    name: 'copaiba-route-hints',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (file: string, seen = new Set<string>()) => {
        if (seen.has(file)) return seen;
        seen.add(file);
        for (const dep of byFile.get(file)?.imports ?? []) closure(dep, seen);
        return seen;
      };
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) throw new Error('route hints: no entry chunk');
      const initial = closure(entry.fileName);
      const built: BuiltRouteHint[] = routes.map((route) => {
        const page = chunks.find((c) => c.isDynamicEntry && c.facadeModuleId?.endsWith(route.page));
        if (!page) throw new Error(`route hints: no chunk for ${route.page}`);
        const files = [...closure(page.fileName)].filter((f) => !initial.has(f));
        const styles = files.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]);
        return {
          path: route.path,
          modules: files.map((f) => `/${f}`),
          styles: styles.map((f) => `/${f}`),
          data: route.data,
          image: route.image,
        };
      });
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_HINTS_FILE,
        source: `${JSON.stringify(built, null, 2)}\n`,
      });
    },
  };
}
