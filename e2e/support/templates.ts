/** What the e2e global setup hands to the test files through the environment. */
const names = {
  blank: 'COPAIBA_E2E_BLANK_DATA_DIR',
  demo: 'COPAIBA_E2E_DEMO_DATA_DIR',
  encryptionKey: 'COPAIBA_E2E_ENCRYPTION_KEY',
} as const;

/** A data directory to copy: migrated, with the demo catalogue when `seeded`. */
export function dataDirTemplate(seeded: boolean): string | undefined {
  return process.env[seeded ? names.demo : names.blank];
}

/** The templates hold data encrypted with this key, so every server of the run uses it. */
export function sharedEncryptionKey(): string | undefined {
  return process.env[names.encryptionKey];
}

export function publishTemplates(templates: {
  blank: string;
  demo: string;
  encryptionKey: string;
}): void {
  process.env[names.blank] = templates.blank;
  process.env[names.demo] = templates.demo;
  process.env[names.encryptionKey] = templates.encryptionKey;
}
