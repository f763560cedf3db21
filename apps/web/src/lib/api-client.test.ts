import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from './api-client';
import { ApiError, extractErrorMessage, fieldErrors } from './api-error';
import { getAccessToken, getRefreshToken, onSessionExpired, setTokens } from './session';
import { memoryStorage } from '@/testing/memory-storage';

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

type FetchArgs = [string, RequestInit];

beforeEach(() => {
  vi.stubGlobal('window', {
    localStorage: memoryStorage(),
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends the bearer token and parses JSON', async () => {
    setTokens('A1', 'R1');
    const fetchMock = vi.fn((..._args: FetchArgs) => Promise.resolve(jsonResponse(200, { ok: 1 })));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/api/user/')).resolves.toEqual({ ok: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/user/');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer A1');
  });

  it('hands a file answer over as its bytes, and still reads a refusal as the server wrote it', async () => {
    setTokens('A1', 'R1');
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0xe2, 0x80]);
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        Promise.resolve(
          url.endsWith('2026.pdf')
            ? new Response(pdf, { status: 200, headers: { 'Content-Type': 'application/pdf' } })
            : jsonResponse(404, { detail: 'Não há informe de rendimentos de 2025.' }),
        ),
      ),
    );
    const blob = await apiRequest<Blob>('wallet/income-report/2026.pdf', { blob: true });
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(pdf);
    await expect(apiRequest('wallet/income-report/2025.pdf', { blob: true })).rejects.toMatchObject(
      { status: 404, message: 'Não há informe de rendimentos de 2025.' },
    );
  });

  it('refreshes once for concurrent 401s, stores both rotated tokens and retries', async () => {
    setTokens('OLD', 'R0');
    let refreshCalls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url === '/api/login/token-refresh/') {
          refreshCalls += 1;
          expect(JSON.parse(init.body as string)).toEqual({ refresh: 'R0' });
          await new Promise((r) => setTimeout(r, 10));
          return jsonResponse(200, { access: 'NEW', refresh: 'R1' });
        }
        const auth = (init.headers as Record<string, string>).Authorization;
        return auth === 'Bearer NEW'
          ? jsonResponse(200, { url })
          : jsonResponse(401, { detail: 'expirado' });
      }),
    );
    const results = await Promise.all([apiRequest('a/'), apiRequest('b/'), apiRequest('c/')]);
    expect(results).toEqual([{ url: '/api/a/' }, { url: '/api/b/' }, { url: '/api/c/' }]);
    expect(refreshCalls).toBe(1);
    expect(getAccessToken()).toBe('NEW');
    expect(getRefreshToken()).toBe('R1');
  });

  it('clears both tokens when the refresh is refused, announcing it unless silent', async () => {
    const expired = vi.fn();
    const stop = onSessionExpired(expired);
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        Promise.resolve(
          jsonResponse(401, { detail: url.includes('refresh') ? 'inválido' : 'expirado' }),
        ),
      ),
    );

    setTokens('OLD', 'R0');
    await expect(apiRequest('user/', { onAuthFailure: 'silent' })).rejects.toMatchObject({
      status: 401,
    });
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(expired).not.toHaveBeenCalled();

    setTokens('OLD', 'R0');
    await expect(apiRequest('wallet/')).rejects.toBeInstanceOf(ApiError);
    expect(expired).toHaveBeenCalledTimes(1);
    stop();
  });

  it('keeps the session when the server cannot be reached', async () => {
    setTokens('OLD', 'R0');
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        url.includes('refresh')
          ? Promise.reject(new TypeError('Failed to fetch'))
          : Promise.resolve(jsonResponse(401, {})),
      ),
    );
    await expect(apiRequest('user/')).rejects.toMatchObject({ status: 0 });
    expect(getRefreshToken()).toBe('R0');
  });

  it('does not refresh calls made without auth (a failed login is just a 401)', async () => {
    setTokens('A', 'R');
    const fetchMock = vi.fn(() => Promise.resolve(jsonResponse(401, { detail: 'Credenciais' })));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('login/common/', { json: {}, auth: false })).rejects.toMatchObject({
      status: 401,
      message: 'Credenciais',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(getRefreshToken()).toBe('R');
  });
});

describe('error extraction', () => {
  it('prefers detail, then message, then the first field message', () => {
    expect(extractErrorMessage({ detail: 'D', message: 'M' })).toBe('D');
    expect(extractErrorMessage({ message: 'M' })).toBe('M');
    expect(extractErrorMessage({ email: ['E1', 'E2'], cpf_cnpj: ['C'] })).toBe('E1');
    expect(extractErrorMessage({ non_field_errors: 'Texto' })).toBe('Texto');
    expect(extractErrorMessage(null)).toBeUndefined();
    expect(extractErrorMessage('<html><body>502 Bad Gateway</body></html>')).toBeUndefined();
    expect(new ApiError(502, '<html></html>').message).toBe(
      'Desculpe, tente novamente mais tarde.',
    );
    expect(fieldErrors({ email: ['E1'], detail: 'x', cpf_cnpj: ['C', 'D'] })).toEqual({
      email: 'E1',
      cpf_cnpj: 'C',
    });
  });
});
