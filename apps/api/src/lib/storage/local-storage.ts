import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { contentTypeOf, SAFE_KEY, type Storage } from './storage.ts';

/** Files under a directory (DATA_DIR/media by default). */
export function localStorage(root: string): Storage {
  const pathOf = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error(`unsafe storage key: ${key}`);
    return join(root, key);
  };
  return {
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, data);
    },
    async get(key) {
      if (!SAFE_KEY.test(key)) return null;
      const path = join(root, key);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) return null;
      return { body: createReadStream(path), contentType: contentTypeOf(key), size: info.size };
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
