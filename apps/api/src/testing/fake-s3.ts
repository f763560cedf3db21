import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

const read = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/**
 * A minimal S3-compatible server (path-style PUT, GET, DELETE of objects) so the real AWS SDK
 * driver is exercised over HTTP. Signatures are not checked.
 */
export async function startFakeS3() {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const server = createServer((req, res) => {
    void (async () => {
      const path = decodeURIComponent((req.url ?? '').split('?')[0] ?? '');
      if (req.method === 'PUT') {
        objects.set(path, {
          body: await read(req),
          type: req.headers['content-type'] ?? 'application/octet-stream',
        });
        res.writeHead(200, { etag: '"x"' }).end();
      } else if (req.method === 'GET') {
        const object = objects.get(path);
        if (!object) {
          res
            .writeHead(404, { 'content-type': 'application/xml' })
            .end(
              '<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>missing</Message></Error>',
            );
          return;
        }
        res
          .writeHead(200, { 'content-type': object.type, 'content-length': object.body.length })
          .end(object.body);
      } else if (req.method === 'DELETE') {
        objects.delete(path);
        res.writeHead(204).end();
      } else res.writeHead(405).end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
