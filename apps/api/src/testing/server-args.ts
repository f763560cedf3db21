/**
 * How the tests start the real server: the bundle when `npm test` has just built it
 * (`SERVER_UNDER_TEST=bundle`), half the CPU to ready; else the sources through tsx, so that
 * `npm run test:unit` needs no build and never runs a stale one (docs/ARCHITECTURE.md, "Tests").
 */
export function serverArgs(): string[] {
  return process.env.SERVER_UNDER_TEST === 'bundle'
    ? ['apps/api/dist/server.js']
    : ['--import', 'tsx', 'apps/api/src/server.ts'];
}
