import { defineConfig } from 'vitest/config';

// Each file runs its own server, database and browser. Most of a flow's time is spent waiting
// (network idle, animations, authenticator steps): three files at a time keep two cores busy
// (the e2e stage 486 → 380 s here; docs/ARCHITECTURE.md, "Tests").
export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    // The run's PostgreSQL server (TEST_DATABASE_URL's, or an embedded one), then the templates.
    globalSetup: ['../packages/db/src/testing/database.setup.ts', 'support/global-setup.ts'],
    testTimeout: 120_000,
    // expect.poll waits 1 s by default: a lazy screen behind the layout's 500 ms spinner on a
    // loaded host takes longer (accounts.e2e's not-found page once did).
    expect: { poll: { timeout: 10_000, interval: 100 } },
    hookTimeout: 180_000,
    maxWorkers: 3,
  },
});
