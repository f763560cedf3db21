/**
 * Multipart sends that report upload progress, for the workspace forms' files (docs/product.md §13).
 * Kept out of api-client.ts, which the first screen loads, since only those forms upload.
 */
import { apiUrl, NETWORK_ERROR, refreshSession } from './api-client';
import { ApiError } from './api-error';
import { expireSession, getAccessToken, getRefreshToken } from './session';

/** What every multipart mutation of the workspace takes: the body and a progress callback. */
export interface UploadVariables {
  form: FormData;
  onProgress?: (fraction: number) => void;
}

export interface UploadOptions {
  method?: 'POST' | 'PUT' | 'PATCH';
  form: FormData;
  /** Fraction of the body sent, 0 to 1, as the browser reports it. */
  onProgress?: (fraction: number) => void;
  /** Send the bearer token and refresh it on 401 (default true). */
  auth?: boolean;
  onAuthFailure?: 'redirect' | 'silent';
  signal?: AbortSignal;
}

interface XhrAnswer {
  status: number;
  body: unknown;
}

function sendXhr(path: string, options: UploadOptions, access: string | null) {
  return new Promise<XhrAnswer>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', apiUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    if (access) xhr.setRequestHeader('Authorization', `Bearer ${access}`);
    const onProgress = options.onProgress;
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
      xhr.upload.onload = () => onProgress(1);
    }
    const abort = () => xhr.abort();
    options.signal?.addEventListener('abort', abort, { once: true });
    const done = () => options.signal?.removeEventListener('abort', abort);
    xhr.onload = () => {
      done();
      const text = xhr.responseText;
      const type = xhr.getResponseHeader('content-type') ?? '';
      let body: unknown = text || null;
      if (text && type.includes('json')) {
        try {
          body = JSON.parse(text) as unknown;
        } catch {
          body = text;
        }
      }
      resolve({ status: xhr.status, body: xhr.status === 204 ? null : body });
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(0, null, NETWORK_ERROR));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was aborted.', 'AbortError'));
    };
    xhr.send(options.form);
  });
}

/**
 * A multipart request that reports upload progress (XMLHttpRequest's upload.onprogress, which
 * fetch lacks). Same bearer, single-flight refresh on 401 and DRF errors as `apiRequest`.
 */
export async function apiUpload<T>(path: string, options: UploadOptions): Promise<T> {
  const useAuth = options.auth ?? true;
  const access = useAuth ? getAccessToken() : null;
  let answer = await sendXhr(path, options, access);

  if (answer.status === 401 && useAuth && getRefreshToken()) {
    const current = getAccessToken();
    const renewed = current && current !== access ? true : await refreshSession();
    if (!renewed) {
      expireSession(options.onAuthFailure ?? 'redirect');
      throw new ApiError(401, answer.body);
    }
    options.onProgress?.(0);
    answer = await sendXhr(path, options, getAccessToken());
  }

  if (answer.status < 200 || answer.status >= 300) throw new ApiError(answer.status, answer.body);
  return answer.body as T;
}
