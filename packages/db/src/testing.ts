export { adminQuery, createTestDatabase } from './testing/test-database.ts';
