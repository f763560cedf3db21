import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/** A component's class-name module in @mantine/core's ESM build, e.g. `.../Button/Button.module.mjs`. */
const CLASS_MODULE = /[\\/]@mantine[\\/]core[\\/]esm[\\/](?:.+[\\/])?(\w+)\.module\.mjs$/;
/** One of @mantine/core's per-component stylesheets, e.g. `@mantine/core/styles/Button.css`. */
const CORE_STYLESHEET = /[\\/]@mantine[\\/]core[\\/]styles[\\/]([\w-]+)\.css(?:\?.*)?$/;
/** The one stylesheet of another Mantine package, e.g. `@mantine/dates/styles.css`. */
const PACKAGE_STYLESHEET =
  /[\\/]@mantine[\\/](dates|dropzone|notifications)[\\/]styles\.css(?:\?.*)?$/;

/**
 * @mantine/core's stylesheets in the order of its all-in-one styles.css (the concatenation of the
 * per-component files), where a component's rules follow those of the components it builds on.
 */
function coreOrder(): string[] {
  const stylesDir = join(
    dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css')),
    'styles',
  );
  const all = readFileSync(join(stylesDir, '..', 'styles.css'), 'utf8');
  const position = new Map(
    readdirSync(stylesDir)
      .filter((file) => file.endsWith('.css') && !file.endsWith('.layer.css'))
      .map((file) => [
        file.slice(0, -'.css'.length),
        all.indexOf(readFileSync(join(stylesDir, file), 'utf8').trim().slice(0, 300)),
      ]),
  );
  return [...position.keys()].sort((a, b) => position.get(a)! - position.get(b)!);
}

/**
 * Mantine's styles per component instead of its whole 255 KB stylesheet: each component's class-name
 * module imports the component's stylesheet (the files Mantine publishes for per-component
 * imports), so a screen's CSS holds the components its chunk renders.
 *
 * Chunks load in any order and small shared ones are copied into several screens, so the
 * cascade cannot rest on the order of the files: every Mantine stylesheet goes in its own layer
 * under `mantine`, ordered once as in Mantine's styles.css, in a `<style>` at the top of
 * index.html's head. There, and not in the entry's CSS (at the end of the body, shell-first.ts),
 * it comes before a lazy screen's stylesheet linked in the head, which would otherwise declare
 * its components' layers first. The app's own CSS, outside any layer, wins over all of them.
 */
export function mantineStyles(): Plugin {
  let order: string[] = [];
  return {
    name: 'copaiba-mantine-styles',
    enforce: 'pre',
    buildStart() {
      order = coreOrder();
      if (order[0] !== 'baseline') throw new Error('mantine styles: baseline.css is not first');
    },
    transform(code, id) {
      const component = CLASS_MODULE.exec(id)?.[1];
      if (component)
        return { code: `${code}\nimport '@mantine/core/styles/${component}.css';\n`, map: null };
      const layer = CORE_STYLESHEET.exec(id)?.[1] ?? PACKAGE_STYLESHEET.exec(id)?.[1];
      if (!layer) return null;
      return { code: `@layer mantine.${layer}{\n${code}\n}\n`, map: null };
    },
    transformIndexHtml: {
      order: 'pre',
      handler: (html) =>
        html.replace(
          '<head>',
          `<head>\n    <style>@layer mantine{@layer ${[...order, 'dates', 'dropzone', 'notifications'].join(',')};}</style>`,
        ),
    },
  };
}
