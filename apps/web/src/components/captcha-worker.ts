/**
 * The captcha's proof of work, as a worker of ALTCHA's widget (its `workerurl`): the same messages
 * as the package's own worker, the same search (the number whose hash after the salt is the
 * challenge), hashed synchronously instead of awaiting Web Crypto once per number, which took
 * about nine times as long per number in Chromium here (docs/PERFORMANCE.md, "The captcha").
 */
import { sha256, sha384, sha512 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

interface WorkMessage {
  type: 'work';
  payload: { algorithm?: string; challenge?: string; salt?: string; obfuscated?: string };
  start: number;
  max: number;
}
type WorkerMessage = WorkMessage | { type: 'abort' };

const HASHES = { 'SHA-256': sha256, 'SHA-384': sha384, 'SHA-512': sha512 } as const;
/** How long the search runs between looks at its messages: an 'abort' waits at most this. */
const SLICE_MS = 50;

const encoder = new TextEncoder();
let search = 0;

function reply(message: { number: number; took: number; worker: true } | null) {
  (self as unknown as { postMessage(message: unknown): void }).postMessage(message);
}

async function work({ payload, start, max }: WorkMessage, id: number) {
  const hash = HASHES[(payload.algorithm ?? 'SHA-256').toUpperCase() as keyof typeof HASHES];
  const { challenge, salt } = payload;
  // Obfuscated payloads (ALTCHA's other mode) are not used by this app: no solution.
  if (!hash || typeof challenge !== 'string' || typeof salt !== 'string') return reply(null);
  const began = Date.now();
  let sliceEnd = performance.now() + SLICE_MS;
  for (let number = start; number <= max; number++) {
    if (bytesToHex(hash(encoder.encode(salt + number))) === challenge)
      return reply({ number, took: Date.now() - began, worker: true });
    if (number % 1000 === 0 && performance.now() > sliceEnd) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      // Another worker found it (or the widget reset): the widget waits for every worker's answer.
      if (search !== id) return reply(null);
      sliceEnd = performance.now() + SLICE_MS;
    }
  }
  reply(null);
}

self.onmessage = (event: MessageEvent<WorkerMessage>) => {
  search += 1;
  if (event.data.type === 'work') void work(event.data, search);
};
