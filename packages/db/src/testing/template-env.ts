/** Where the global setup tells test workers about the database it prepared. */
export const templateEnv = {
  /** Name of the migrated template database on the TEST_DATABASE_URL server. */
  postgres: 'COPAIBA_TEST_POSTGRES_TEMPLATE',
} as const;
