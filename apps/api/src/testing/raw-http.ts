import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * One HTTP/1.1 connection written by hand, so a test can send a request on it while an earlier
 * one is still unanswered (pipelining, as a proxy's kept-alive connection may), and see exactly
 * what came back before the server closed it.
 */
export async function rawConnection(url: string) {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return {
    send(method: string, path: string) {
      socket.write(`${method} ${path} HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`);
    },
    /** Resolves when the server (or the test) closed the connection. */
    closed,
    /** The complete responses received so far, in order. */
    responses: () => parseResponses(Buffer.concat(chunks)),
    destroy: () => socket.destroy(),
  };
}

/** Responses one after another on one connection; each carries a Content-Length. */
export function parseResponses(raw: Buffer): RawResponse[] {
  const responses: RawResponse[] = [];
  let offset = 0;
  while (offset < raw.length) {
    const end = raw.indexOf('\r\n\r\n', offset);
    if (end < 0) break;
    const [statusLine = '', ...lines] = raw.subarray(offset, end).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    const bodyStart = end + 4;
    if (raw.length < bodyStart + length) break;
    responses.push({
      status: Number(statusLine.split(' ')[1]),
      headers,
      body: raw.subarray(bodyStart, bodyStart + length).toString('utf8'),
    });
    offset = bodyStart + length;
  }
  return responses;
}

/**
 * What a connection got from a server draining under it: the catalogue list that was in flight,
 * then a `/api/ready/` sent on the same connection after the drain began. A test expects
 * `drained`.
 */
export function drainAnswers(responses: RawResponse[]) {
  const [list, ready] = responses;
  return {
    list: list?.status,
    listed: list ? 'count' in (JSON.parse(list.body) as object) : false,
    ready: ready?.status,
    readyBody: ready ? (JSON.parse(ready.body) as unknown) : null,
    readyConnection: ready?.headers.connection,
  };
}

export const drained = {
  list: 200,
  listed: true,
  ready: 503,
  readyBody: { status: 'draining' },
  readyConnection: 'close',
};
