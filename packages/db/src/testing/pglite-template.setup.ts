import { pgliteTemplate } from './migrated-templates.ts';

/** Vitest global setup of the projects whose test databases are PGlite. */
export default pgliteTemplate;
