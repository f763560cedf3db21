import { join } from 'node:path';
import type { Config } from '../../config.ts';
import { localStorage } from './local-storage.ts';
import type { Storage } from './storage.ts';

/** The S3 client (the AWS SDK) is imported only when S3 is configured: start-up time. */
export async function createStorage(config: Config): Promise<Storage> {
  if (config.STORAGE === 's3') {
    const { s3Storage } = await import('./s3-storage.ts');
    return s3Storage({
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return localStorage(join(config.DATA_DIR, 'media'));
}
