import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUpload } from './api-upload';
import { ApiError } from './api-error';
import { getAccessToken, setTokens } from './session';
import { memoryStorage } from '@/testing/memory-storage';

interface Answer {
  status: number;
  body: unknown;
}

/** A stand-in for XMLHttpRequest that answers from a queue and reports two progress steps. */
function fakeXhr(answers: Answer[]) {
  const sent: Array<{ method: string; url: string; headers: Record<string, string> }> = [];
  class FakeXhr {
    upload: { onprogress: ((e: ProgressEvent) => void) | null; onload: (() => void) | null } = {
      onprogress: null,
      onload: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    private method = '';
    private url = '';
    private headers: Record<string, string> = {};
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    getResponseHeader(name: string) {
      return name.toLowerCase() === 'content-type' ? 'application/json; charset=utf-8' : null;
    }
    abort() {
      this.onabort?.();
    }
    send() {
      sent.push({ method: this.method, url: this.url, headers: this.headers });
      const answer = answers.shift()!;
      setTimeout(() => {
        this.upload.onprogress?.({
          lengthComputable: true,
          loaded: 50,
          total: 100,
        } as ProgressEvent);
        this.upload.onload?.();
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      }, 0);
    }
  }
  return { FakeXhr, sent };
}

beforeEach(() => {
  vi.stubGlobal('window', {
    localStorage: memoryStorage(),
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('apiUpload', () => {
  it('sends the bearer, reports progress and parses the JSON answer', async () => {
    setTokens('A1', 'R1');
    const { FakeXhr, sent } = fakeXhr([{ status: 201, body: { message: 'ok', id: 3 } }]);
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[] = [];
    const result = await apiUpload('token/', {
      form: new FormData(),
      onProgress: (f) => progress.push(f),
    });
    expect(result).toEqual({ message: 'ok', id: 3 });
    expect(progress).toEqual([0.5, 1]);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: '/api/token/',
      headers: { Authorization: 'Bearer A1' },
    });
  });

  it('turns a DRF 400 into an ApiError with the first field message', async () => {
    setTokens('A1', 'R1');
    const { FakeXhr } = fakeXhr([{ status: 400, body: { name: ['Este campo é obrigatório.'] } }]);
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const error = await apiUpload('token/', { method: 'PUT', form: new FormData() }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).message).toBe('Este campo é obrigatório.');
  });

  it('refreshes the session on 401 and sends again with the new token', async () => {
    setTokens('OLD', 'R0');
    const { FakeXhr, sent } = fakeXhr([
      { status: 401, body: { detail: 'Token inválido ou expirado.' } },
      { status: 200, body: { message: 'Salvo' } },
    ]);
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ access: 'NEW', refresh: 'R1' }), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          }),
        ),
      ),
    );
    await expect(
      apiUpload('token-issuer/', { method: 'PUT', form: new FormData() }),
    ).resolves.toEqual({ message: 'Salvo' });
    expect(getAccessToken()).toBe('NEW');
    expect(sent.map((s) => s.headers.Authorization)).toEqual(['Bearer OLD', 'Bearer NEW']);
  });
});
