/**
 * The web app's `zod`: the library with its JIT compiler off. Zod probes `new Function` when it
 * builds an object schema, which the API's Content-Security-Policy (`script-src 'self'`) reports
 * as a violation; jitless skips the probe. The build aliases `zod` to this module (vite.config.ts),
 * so it runs before any schema of @copaiba/contracts is built.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
