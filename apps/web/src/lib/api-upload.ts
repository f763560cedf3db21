/**
 * Multipart sends that report upload progress, for the workspace forms' files (docs/product.md §13).
 * Kept out of api-client.ts, which the first screen loads, since only those forms upload.
 */
import { apiRequest } from './api-client';

/** What every multipart mutation of the workspace takes: the body and a progress callback. */
export interface UploadVariables {
  form: FormData;
  onProgress?: (fraction: number) => void;
}

export interface UploadOptions extends UploadVariables {
  method?: 'POST' | 'PUT' | 'PATCH';
  /** Send the bearer token and refresh it on 401 (default true). */
  auth?: boolean;
  onAuthFailure?: 'redirect' | 'silent';
  signal?: AbortSignal;
}

/** Statuses whose answer cannot carry a body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** fetch's part, played by XMLHttpRequest: its upload.onprogress reports what fetch cannot. */
function sendXhr(target: string, init: RequestInit, onProgress?: (fraction: number) => void) {
  return new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? 'POST', target);
    for (const [name, value] of Object.entries(init.headers as Record<string, string>)) {
      xhr.setRequestHeader(name, value);
    }
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
      xhr.upload.onload = () => onProgress(1);
    }
    const abort = () => xhr.abort();
    init.signal?.addEventListener('abort', abort, { once: true });
    const done = () => init.signal?.removeEventListener('abort', abort);
    xhr.onload = () => {
      done();
      const type = xhr.getResponseHeader('content-type');
      const body = NULL_BODY_STATUSES.has(xhr.status) ? null : xhr.responseText;
      const headers: Record<string, string> = type ? { 'content-type': type } : {};
      try {
        resolve(new Response(body, { status: xhr.status, headers }));
      } catch {
        // A status the Response constructor refuses: no answer the client can read.
        reject(new TypeError(`The upload got an unreadable status ${xhr.status}.`));
      }
    };
    xhr.onerror = () => {
      done();
      reject(new TypeError('The upload could not reach the server.'));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was aborted.', 'AbortError'));
    };
    xhr.send(init.body as XMLHttpRequestBodyInit);
  });
}

/**
 * A multipart request that reports upload progress: `apiRequest` (bearer, single-flight refresh
 * on 401, DRF errors) over XMLHttpRequest instead of fetch.
 */
export function apiUpload<T>(path: string, { onProgress, ...options }: UploadOptions): Promise<T> {
  let sends = 0;
  return apiRequest<T>(path, {
    ...options,
    transport: (target, init) => {
      // Sending again after a renewed session starts the progress bar over.
      if (sends++ > 0) onProgress?.(0);
      return sendXhr(target, init, onProgress);
    },
  });
}
