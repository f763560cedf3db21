import { createServer, type RequestListener, type Server } from 'node:http';
import { TEMPORARILY_UNAVAILABLE } from './app-error.ts';

/**
 * `starting`: the database opens, migrations and the seed run; `serving`: the app answers;
 * `draining`: SIGTERM arrived, in-flight requests finish (docs/OPERATIONS.md).
 */
export type Phase = 'starting' | 'serving' | 'draining';

export interface HttpLifecycle {
  /** The one HTTP server; the app is built on it (AppDeps.server). */
  readonly server: Server;
  readonly phase: Phase;
  listen(port: number, host: string): Promise<void>;
  /** From now on every request goes to the app (Fastify's `routing`). */
  serve(app: RequestListener): void;
  /**
   * Stops accepting connections and answers 503 to any request that still arrives, lets the
   * requests in flight finish, and closes each connection once it has no request; after
   * `timeoutMs` it closes the rest. Resolves when no connection is left.
   */
  drain(timeoutMs: number): Promise<{ timedOut: boolean }>;
}

const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'retry-after': '5',
  // A client or proxy opens a new connection, to this process once it serves or to another one.
  connection: 'close',
};

const isPath = (path: string, route: string) => path === route || path === `${route}/`;

/** Answers every request 503 while the app is not there: the probes with their own bodies. */
function unavailable(phase: 'starting' | 'draining'): RequestListener {
  return (request, response) => {
    const path = (request.url ?? '/').split('?', 1)[0]!;
    const body = isPath(path, '/api/ready')
      ? { status: phase }
      : isPath(path, '/api/health')
        ? { status: 'unavailable' }
        : { detail: TEMPORARILY_UNAVAILABLE };
    const text = JSON.stringify(body);
    response.writeHead(503, { ...JSON_HEADERS, 'content-length': Buffer.byteLength(text) });
    response.end(text);
  };
}

/**
 * The process's HTTP server, listening from the first moment of start-up so that `/api/ready/`
 * can say "starting" while migrations run, instead of a refused connection that looks like a
 * dead process. Its request listener is swapped, never wrapped: the app's requests pay nothing.
 */
export function createHttpLifecycle(): HttpLifecycle {
  const server = createServer();
  // As Fastify configures the server it creates itself (its defaults).
  server.keepAliveTimeout = 72_000;
  server.requestTimeout = 0;
  let phase: Phase = 'starting';
  let listener = unavailable('starting');
  server.on('request', listener);
  const answerWith = (next: RequestListener) => {
    server.removeListener('request', listener);
    listener = next;
    server.on('request', listener);
  };
  let drained: Promise<{ timedOut: boolean }> | null = null;

  async function drain(timeoutMs: number) {
    phase = 'draining';
    answerWith(unavailable('draining'));
    const closed = new Promise<void>((resolve) => {
      if (server.listening) server.close(() => resolve());
      else resolve();
    });
    // A keep-alive connection whose response has gone out would stay open for keepAliveTimeout:
    // close each one as soon as it has no request in flight.
    const idle = setInterval(() => server.closeIdleConnections(), 50);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<true>((resolve) => {
      timer = setTimeout(() => resolve(true), timeoutMs);
    });
    const timedOut = await Promise.race([closed.then(() => false), deadline]);
    clearInterval(idle);
    clearTimeout(timer);
    if (timedOut) {
      server.closeAllConnections();
      await closed;
    }
    return { timedOut };
  }

  return {
    server,
    get phase() {
      return phase;
    },
    listen: (port, host) =>
      new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.removeListener('error', reject);
          resolve();
        });
      }),
    serve(app) {
      if (phase !== 'starting') return;
      phase = 'serving';
      answerWith(app);
    },
    drain(timeoutMs) {
      drained ??= drain(timeoutMs);
      return drained;
    },
  };
}
