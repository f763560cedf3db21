import { defineConfig } from 'vitest/config';

// Browser flows share two cores with the server: one file at a time.
export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
