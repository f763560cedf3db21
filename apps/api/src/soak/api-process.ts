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
    const keep = (chunk: Buffer) => (this.log = (this.log + chunk.toString()).slice(-20_000));
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
}
