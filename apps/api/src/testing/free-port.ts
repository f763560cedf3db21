import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Where the ports handed out start: above the well-known services (PostgreSQL, Redis, dev servers). */
const LOWEST_PORT = 20_000;
const handedOut = new Set<number>();

/**
 * A TCP port nobody listens on right now, for a server a test starts (and may kill and start
 * again) on it. It is drawn below the kernel's ephemeral range: a port from `listen(0)` sits where
 * every outgoing connection and every other test's `listen(0)` draws too, and under the API
 * suite's load one of them took it between the draw and the server's listen (EADDRINUSE; CI's
 * soak of 2026-11-29). Nothing takes a port from below the range unless asked for it.
 */
export async function freePort(): Promise<number> {
  const highest = ephemeralRangeStart() - 1;
  for (let attempt = 0; attempt < 200; attempt++) {
    // At random, not in order: test processes draw at once, and a scan would give them one port.
    const port = LOWEST_PORT + Math.floor(Math.random() * (highest - LOWEST_PORT + 1));
    if (handedOut.has(port) || !(await canListen(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free port between ${LOWEST_PORT} and ${highest}`);
}

/** Linux says where its ephemeral ports begin; elsewhere 32768 is under every system's range. */
function ephemeralRangeStart(): number {
  try {
    const low = Number(
      readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/)[0],
    );
    if (Number.isInteger(low) && low > LOWEST_PORT + 1000) return low;
  } catch {
    // not Linux: the fallback below
  }
  return 32_768;
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
