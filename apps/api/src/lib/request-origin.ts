import type { FastifyRequest } from 'fastify';

/** Where a request came from, as a consent or a declaration records it (docs/product.md §15). */
export interface RequestOrigin {
  /** The client's address; X-Forwarded-For counts only from TRUST_PROXY (docs/DECISIONS.md). */
  ip: string;
  userAgent: string;
}

const USER_AGENT_MAX = 512;

/** The request's origin; the user agent is the client's own text, so it is cut and cleaned. */
export function requestOrigin(request: FastifyRequest): RequestOrigin {
  const agent = request.headers['user-agent'] ?? '';
  return {
    ip: request.ip,
    // eslint-disable-next-line no-control-regex -- control characters (NUL included) are dropped
    userAgent: agent.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, USER_AGENT_MAX),
  };
}
