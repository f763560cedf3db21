/**
 * The production server as JavaScript, `dist/server.js`, which `npm run serve` runs with plain node:
 * no TypeScript loader at start-up and a few files to read instead of a hundred. The workspace
 * packages are bundled in; npm packages stay imports of node_modules. Modules the app imports
 * lazily (S3, the chain) become chunks beside it, in the same folder, so the database migrations and
 * SQL code copied there are where the bundled client looks for them, whichever chunk holds it.
 */
import { cpSync, renameSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const dist = here('./dist');
// Built aside and swapped in, so a server starting from dist meanwhile never sees half a build.
const next = `${dist}.${process.pid}`;

await build({
  // The processes the server forks land beside their sources' paths: the demo seed's in
  // dist/seed/ (seed/demo.ts), the local chain's in dist/modules/chain/ (local-chain.ts).
  entryPoints: [
    here('./src/server.ts'),
    here('./src/seed/demo-seed-process.ts'),
    here('./src/modules/chain/local-chain-process.ts'),
  ],
  outdir: next,
  chunkNames: '[name]-[hash]',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  plugins: [
    {
      name: 'npm-packages-external',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, ({ path }) =>
          path.startsWith('@copaiba/') ? undefined : { path, external: true },
        );
      },
    },
  ],
});
cpSync(here('../../packages/db/src/migrations'), `${next}/migrations`, { recursive: true });
cpSync(here('../../packages/db/src/sql'), `${next}/sql`, { recursive: true });
rmSync(dist, { recursive: true, force: true });
renameSync(next, dist);
