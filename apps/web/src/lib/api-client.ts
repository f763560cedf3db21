import { ApiError } from './api-error';
import { expireSession, getAccessToken, getRefreshToken, setTokens } from './session';

export const API_BASE = '/api/';

const NETWORK_ERROR =
  'Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A JSON body. */
  json?: unknown;
  /** A multipart body (files, or the DRF-style form posts of docs/product.md §7). */
  form?: FormData;
  /** Send the bearer token and refresh it on 401 (default true). */
  auth?: boolean;
  /**
   * When the refresh fails, both tokens are removed; `redirect` (default) then sends the person
   * to /login, `silent` does not (the user fetch of docs/product.md §4).
   */
  onAuthFailure?: 'redirect' | 'silent';
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

function url(path: string): string {
  return API_BASE + path.replace(/^\/+/, '').replace(/^api\//, '');
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

async function send(path: string, options: RequestOptions, access: string | null) {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  if (access) headers.Authorization = `Bearer ${access}`;
  try {
    return await fetch(url(path), {
      method: options.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, null, NETWORK_ERROR);
  }
}

let refreshing: Promise<boolean> | null = null;

/**
 * Trades the stored refresh token for a new pair. Single-flight: concurrent 401s share one call,
 * because the server rotates refresh tokens and a reused one revokes the whole family.
 * Resolves false when the server refuses; throws ApiError(0) when it cannot be reached.
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const refresh = getRefreshToken();
    if (!refresh) return false;
    const response = await send(
      'login/token-refresh/',
      { method: 'POST', json: { refresh } },
      null,
    );
    if (!response.ok) return false;
    const body = (await readBody(response)) as { access?: unknown; refresh?: unknown } | null;
    if (typeof body?.access !== 'string') return false;
    setTokens(body.access, typeof body.refresh === 'string' ? body.refresh : refresh);
    return true;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const useAuth = options.auth ?? true;
  const access = useAuth ? getAccessToken() : null;
  let response = await send(path, options, access);

  if (response.status === 401 && useAuth && getRefreshToken()) {
    const current = getAccessToken();
    // Another request may already have refreshed while this one was in flight.
    const renewed = current && current !== access ? true : await refreshSession();
    if (!renewed) {
      const body = await readBody(response);
      expireSession(options.onAuthFailure ?? 'redirect');
      throw new ApiError(401, body);
    }
    response = await send(path, options, getAccessToken());
  }

  const body = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, body);
  return body as T;
}

type BodyOptions = Omit<RequestOptions, 'method'>;

export const api = {
  get: <T>(path: string, options?: Omit<BodyOptions, 'json' | 'form'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST' }),
  put: <T>(path: string, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'PUT' }),
  patch: <T>(path: string, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'PATCH' }),
  delete: <T>(path: string, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** Builds multipart data from plain values, skipping undefined and null. */
export function toFormData(
  values: Record<string, string | Blob | number | boolean | null | undefined>,
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    form.append(key, value instanceof Blob ? value : String(value));
  }
  return form;
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
    xhr.open(options.method ?? 'POST', url(path));
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
