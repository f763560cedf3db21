import { ApiError, errorCode } from './api-error';
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
  /** What sends the request instead of fetch: the upload's XMLHttpRequest (lib/api-upload.ts). */
  transport?: (url: string, init: RequestInit) => Promise<Response>;
  /** A file answer (CSV, PDF) as a Blob; an error answer is still read as JSON. */
  blob?: boolean;
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
  const init: RequestInit = {
    method: options.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
    signal: options.signal,
    credentials: 'same-origin',
  };
  try {
    return await (options.transport ?? fetch)(url(path), init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, null, NETWORK_ERROR);
  }
}

const twoFactorListeners = new Set<() => void>();

/**
 * Told when an admin or creator route answers 403 two_factor_required (docs/product.md §19): the
 * router bridge then leads the person to /two-factor.
 */
export function onTwoFactorRequired(listener: () => void): () => void {
  twoFactorListeners.add(listener);
  return () => twoFactorListeners.delete(listener);
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

  if (options.blob && response.ok) return (await response.blob()) as T;
  const body = await readBody(response);
  if (!response.ok) {
    if (response.status === 403 && errorCode(body) === 'two_factor_required')
      for (const listener of twoFactorListeners) listener();
    throw new ApiError(response.status, body);
  }
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
