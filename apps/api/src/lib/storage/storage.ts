import type { Readable } from 'node:stream';

export interface StoredObject {
  body: Readable;
  contentType: string;
  size?: number;
}

/** Where uploaded and generated files live; keys are opaque paths like `images/ab12.webp`. */
export interface Storage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
}

export const SAFE_KEY = /^(?:[a-z0-9_-]+\/)*[a-z0-9_-]+\.(?:webp|pdf|png|jpg)$/;

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
};

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream';
}
