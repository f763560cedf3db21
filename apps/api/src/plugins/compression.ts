import { promisify } from 'node:util';
import { gzip, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { acceptsEncoding, GZIP_MIN_BYTES } from '../lib/accept-encoding.ts';

const COMPRESSIBLE = /^(application\/json|text\/csv|text\/plain)\b/;

const gzipOffTheLoop = promisify(gzip);
/**
 * From this size on, gzip runs on libuv's thread pool: deflate takes ~1 ms per 64 KB here, and a
 * statement's CSV or the API docs (170 KB) on the event loop would hold every other request meanwhile
 * (docs/PERFORMANCE.md). Below it, the trip to the pool costs more than it spares.
 */
const GZIP_OFF_THE_LOOP_BYTES = 64 * 1024;

/**
 * gzip for the API's answers of 1 KB and more (JSON, CSV, the metrics' text) to clients that
 * accept it: statements, lists and exports reach phones on mobile networks. An answer that
 * already names its representation (an ETag: the catalogue's cached answers gzip themselves) or
 * its encoding passes through, as do the web app's precompressed files and the media. Compressing
 * answers that carry secrets is safe here because no request is authenticated by a cookie
 * (docs/SECURITY.md, "Threats and mitigations": BREACH).
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/api/') || request.method === 'HEAD') return payload;
    // Header checks first: the catalogue's cached answers, the hottest reads, leave here.
    if (reply.hasHeader('content-encoding') || reply.hasHeader('etag')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const size = Buffer.byteLength(payload);
    if (size < GZIP_MIN_BYTES) return payload;
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
    if (!acceptsEncoding(request.headers['accept-encoding'], 'gzip')) return payload;
    reply.header('content-encoding', 'gzip').removeHeader('content-length');
    if (size >= GZIP_OFF_THE_LOOP_BYTES) return gzipOffTheLoop(payload);
    return gzipSync(payload);
  });
});
