/** Where the global setup tells test workers about the migrated templates it made. */
export const templateEnv = {
  /** Path of a PGlite `dumpDataDir` tarball. */
  pglite: 'COPAIBA_TEST_PGLITE_TEMPLATE',
  /** Name of a database on the TEST_DATABASE_URL server. */
  postgres: 'COPAIBA_TEST_POSTGRES_TEMPLATE',
} as const;
