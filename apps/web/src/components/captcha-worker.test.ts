import { createHash, randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Reply = { number: number; took: number; worker: true } | null;

/** The worker's scope: what it posts, and a way to send it a message as the widget does. */
async function startWorker() {
  const replies: Reply[] = [];
  const scope: { onmessage?: (event: { data: unknown }) => void; postMessage: (m: Reply) => void } =
    { postMessage: (message) => replies.push(message) };
  vi.stubGlobal('self', scope);
  await import('./captcha-worker');
  const send = (data: unknown) => scope.onmessage?.({ data });
  const nextReply = () => vi.waitFor(() => expect(replies.length).toBeGreaterThan(0), 5_000);
  return { replies, send, nextReply };
}

/** A challenge as the server's ALTCHA makes one, hashed here with Node's own SHA. */
function challengeFor(number: number, algorithm = 'SHA-256') {
  const salt = `${randomBytes(12).toString('hex')}?expires=1900000000`;
  const hash = createHash(algorithm.replace('-', '').toLowerCase());
  return { algorithm, salt, challenge: hash.update(`${salt}${number}`).digest('hex') };
}

describe('captcha-worker (the widget’s proof of work, docs/PERFORMANCE.md, "The captcha")', () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => vi.unstubAllGlobals());

  it('finds the number of a SHA-256 challenge within its range, as ALTCHA’s worker answers', async () => {
    const worker = await startWorker();
    worker.send({ type: 'work', payload: challengeFor(61_234), start: 50_000, max: 100_000 });
    await worker.nextReply();
    expect(worker.replies).toEqual([{ number: 61_234, took: expect.any(Number), worker: true }]);
  });

  it('hashes with the algorithm the challenge names', async () => {
    const worker = await startWorker();
    worker.send({ type: 'work', payload: challengeFor(77, 'SHA-512'), start: 0, max: 1_000 });
    await worker.nextReply();
    expect(worker.replies[0]?.number).toBe(77);
  });

  it('answers null when its range holds no solution (another worker’s range does)', async () => {
    const worker = await startWorker();
    worker.send({ type: 'work', payload: challengeFor(5_000), start: 0, max: 4_999 });
    await worker.nextReply();
    expect(worker.replies).toEqual([null]);
  });

  it('stops at an abort and answers null, which the widget waits for from every worker', async () => {
    const worker = await startWorker();
    // Out of reach: without the abort it would search ten million numbers.
    worker.send({ type: 'work', payload: challengeFor(-1), start: 0, max: 10_000_000 });
    await new Promise((resolve) => setTimeout(resolve, 120));
    worker.send({ type: 'abort' });
    await worker.nextReply();
    expect(worker.replies).toEqual([null]);
  });
});
