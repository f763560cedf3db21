import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/**
 * Ceiling for a public read's size: bare Fastify answering each path with the API's own answer
 * (ANSWERS_FILE, path → body), as hello.ts answers its 17 bytes: no hook, no cache lookup.
 */
const answers = JSON.parse(readFileSync(process.env.ANSWERS_FILE!, 'utf8')) as Record<
  string,
  string
>;
const app = Fastify({ logger: false });
for (const [path, body] of Object.entries(answers))
  app.get(path, (_request, reply) => {
    void reply.type('application/json; charset=utf-8').send(body);
  });
app.get('/', async () => ({ ready: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('ready\n');
