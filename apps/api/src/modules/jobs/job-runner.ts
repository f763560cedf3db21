import type { FastifyBaseLogger } from 'fastify';

export interface Job {
  name: string;
  run: () => Promise<unknown>;
}

/**
 * Runs the jobs one after another every `intervalMs`, never overlapping itself. A failing job is
 * logged and tried again at the next tick; the jobs themselves are idempotent and safe to run
 * from several processes at once.
 */
export function startJobRunner(jobs: Job[], intervalMs: number, log: FastifyBaseLogger) {
  let running: Promise<void> | null = null;
  let stopped = false;

  async function tick() {
    for (const job of jobs) {
      if (stopped) return;
      const started = Date.now();
      try {
        const result = await job.run();
        log.debug({ job: job.name, ms: Date.now() - started, result }, 'job ran');
      } catch (err) {
        log.error({ err, job: job.name }, 'job failed; retried at the next tick');
      }
    }
  }

  const timer = setInterval(() => {
    if (running) return;
    running = tick().finally(() => {
      running = null;
    });
  }, intervalMs);
  timer.unref();

  return {
    /** Stops scheduling and waits for the tick in progress. */
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
