import type { TestProject } from 'vitest/node';
import { postgresTemplate } from './migrated-templates.ts';

/** Vitest global setup of the projects whose test databases live on TEST_DATABASE_URL. */
export default function setup(project: TestProject) {
  const serverUrl = project.config.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('the project sets no TEST_DATABASE_URL');
  return postgresTemplate(serverUrl);
}
