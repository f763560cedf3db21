import Fastify from 'fastify';

/** Reference ceiling: Fastify answering a constant JSON body, no database. */
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('ready\n');
