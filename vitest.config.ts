import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** PostgreSQL server for the `api-postgres` project: this machine's by default, TEST_DATABASE_URL elsewhere. */
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Vitest's order (projects by name, then longest or largest file first), except the soak first:
 * its kills take a fixed minimum of time, which the other files then fill instead of following.
 */
class SoakFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isSoak = (file: TestSpecification) => file.project.name === 'soak';
    return [...sorted.filter(isSoak), ...sorted.filter((file) => !isSoak(file))];
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: SoakFirst },
    // Generous: a loaded 2-core machine runs both database projects at once. Assertions, not timers, decide.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Vitest runs one file at a time on 2 cores by default; most API tests wait on PostgreSQL.
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
        },
        resolve: { alias: { '@': new URL('./apps/web/src', import.meta.url).pathname } },
      },
      {
        extends: true,
        test: {
          name: 'api-pglite',
          include: ['apps/api/src/**/*.test.ts'],
          exclude: ['apps/api/src/soak/**'],
          env: { TEST_DATABASE_URL: '' },
          globalSetup: ['packages/db/src/testing/pglite-template.setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api-postgres',
          include: ['apps/api/src/**/*.test.ts'],
          exclude: ['apps/api/src/soak/**'],
          env: { TEST_DATABASE_URL: postgresUrl },
          globalSetup: ['packages/db/src/testing/postgres-template.setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          // Kills real API processes on the PostgreSQL server: money under faults (docs/SECURITY.md).
          name: 'soak',
          include: ['apps/api/src/soak/**/*.test.ts'],
          env: { TEST_DATABASE_URL: postgresUrl },
        },
      },
    ],
  },
});
