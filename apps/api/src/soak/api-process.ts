import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { hasExited, howExited } from '../testing/child-exit.ts';
import { serverArgs } from '../testing/server-args.ts';

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));

/**
 * One API process as `npm run serve` starts it, on a fixed port, that the soak kills with SIGKILL
 * and starts again.
 */
export class ApiProcess {
  readonly url: string;
  private child: ChildProcess | null = null;
  private log = '';
  /** The partial line the last chunk ended in, and every 5xx the server logged of a request. */
  private pending = '';
  private readonly requestErrors: string[] = [];
  up = false;

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, serverArgs(), {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, ...this.env, PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.pending = '';
    const keep = (chunk: Buffer) => {
      const text = chunk.toString();
      this.log = (this.log + text).slice(-20_000);
      // Kept whole, whatever the log says after them: a request's 5xx is errors.ts' 'unhandled
      // error' or 'app error', logged with the request's id (the jobs' errors carry none).
      const lines = (this.pending + text).split('\n');
      this.pending = lines.pop()!;
      for (const line of lines)
        if (line.includes('"level":50') && line.includes('"reqId"'))
          this.requestErrors.push(line.slice(0, 4000));
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    await this.waitUntilHealthy();
    this.up = true;
  }

  /** Until /api/health/ answers 200: once started, or once PostgreSQL is back after a kill. */
  async waitUntilHealthy(): Promise<void> {
    const child = this.child;
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (!child || hasExited(child))
        throw new Error(`API exited (${child ? howExited(child) : 'not started'}):\n${this.log}`);
      const ok = await fetch(`${this.url}/api/health/`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      if (Date.now() > deadline) throw new Error(`API not healthy in 90 s:\n${this.log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** SIGKILL: no shutdown hook runs, whatever was in flight is cut. */
  async kill(): Promise<void> {
    const child = this.child;
    this.up = false;
    if (!child || hasExited(child)) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.up = false;
    if (!child || hasExited(child)) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }

  output(): string {
    return this.log;
  }

  /** What the server logged of each request it answered with a 5xx (LOG_LEVEL error or lower). */
  loggedRequestErrors(): readonly string[] {
    return this.requestErrors;
  }
}
