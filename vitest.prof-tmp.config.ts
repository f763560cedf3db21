import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

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
    // Generous: a loaded 2-core machine. Assertions, not timers, decide.
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
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          // Each file builds its own app on its own database; sharing the imported modules across
          // a worker's files saves re-importing the server for every one of them.
          isolate: false, execArgv: ["--cpu-prof", "--cpu-prof-dir=/tmp/prof-api"],
          exclude: ['apps/api/src/soak/**'],
          // The PostgreSQL server of the run: TEST_DATABASE_URL's, or an embedded one started for it.
          globalSetup: ['packages/db/src/testing/database.setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          // Kills real API processes and PostgreSQL itself, on a cluster of its own (docs/SECURITY.md).
          name: 'soak',
          include: ['apps/api/src/soak/**/*.test.ts'],
        },
      },
    ],
  },
});
