import { channel } from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';

export interface RegisteredRoute {
  method: string;
  /** The full path as registered, prefix included (e.g. `/api/token/detail/:id`). */
  url: string;
}

/**
 * Runs `build` and returns, beside its result, every route that the first Fastify instance it
 * creates registers. Fastify publishes each new instance on its `fastify.initialization`
 * diagnostics channel before any plugin runs, so an `onRoute` hook added there sees every route,
 * method and URL exactly as registered, without any test-only option in the app.
 */
export async function withRegisteredRoutes<T>(
  build: () => Promise<T>,
): Promise<{ result: T; routes: RegisteredRoute[] }> {
  const routes: RegisteredRoute[] = [];
  let hooked = false;
  const onInit = (message: unknown) => {
    if (hooked) return;
    hooked = true;
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url });
    });
  };
  const initialization = channel('fastify.initialization');
  initialization.subscribe(onInit);
  try {
    const result = await build();
    if (!hooked) throw new Error('no Fastify instance was created');
    return { result, routes };
  } finally {
    initialization.unsubscribe(onInit);
  }
}

/**
 * Which registered routes are API endpoints that the authorization matrix must cover. Only these
 * are left out, each for a stated reason:
 * - HEAD routes that Fastify adds beside every GET (`exposeHeadRoute`): same URL, same hooks.
 * - The OpenAPI UI at /api/docs: its HTML page and static assets (the JSON and YAML documents
 *   it reads are endpoints and stay in).
 * - The built web app's static files, which @fastify/static registers outside /api and /media.
 */
export function isApiEndpoint(route: RegisteredRoute, all: readonly RegisteredRoute[]): boolean {
  if (route.method === 'HEAD' && all.some((r) => r.method === 'GET' && r.url === route.url))
    return false;
  if (route.url === '/api/docs' || route.url.startsWith('/api/docs/static/')) return false;
  return route.url.startsWith('/api/') || route.url.startsWith('/media/');
}
