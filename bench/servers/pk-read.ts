import Fastify from 'fastify';
import pg from 'pg';

/**
 * Reference ceiling for an authenticated read: Fastify reading one row by primary key through a
 * pg pool of the API's size, serialising it to JSON.
 */
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
});
const app = Fastify({ logger: false });
app.get<{ Params: { id: string } }>('/user/:id', async (request, reply) => {
  const { rows } = await pool.query('select id, name, email from users where id = $1', [
    Number(request.params.id),
  ]);
  if (!rows[0]) return reply.status(404).send({ detail: 'not found' });
  return rows[0] as Record<string, unknown>;
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('ready\n');
