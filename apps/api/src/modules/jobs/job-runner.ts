import type { FastifyBaseLogger } from 'fastify';

export interface Job {
  name: string;
  run: () => Promise<unknown>;
}

/** Told of every job run (the metrics, when METRICS_TOKEN is set). */
export interface JobObserver {
  /** The runner's jobs, once at its start: a job's lag counts from then until it first succeeds. */
  watch(names: string[]): void;
  ran(name: string, outcome: 'success' | 'failure', seconds: number): void;
}

/**
 * Runs the jobs one after another every `intervalMs`, never overlapping itself. A failing job is
 * logged and tried again at the next tick; the jobs themselves are idempotent and safe to run
 * from several processes at once.
 */
export function startJobRunner(
  jobs: Job[],
  intervalMs: number,
  log: FastifyBaseLogger,
  observer?: JobObserver,
) {
  let running: Promise<void> | null = null;
  let stopped = false;
  observer?.watch(jobs.map((job) => job.name));

  async function tick() {
    for (const job of jobs) {
      if (stopped) return;
      const started = performance.now();
      const seconds = () => (performance.now() - started) / 1000;
      try {
        const result = await job.run();
        observer?.ran(job.name, 'success', seconds());
        log.debug({ job: job.name, ms: seconds() * 1000, result }, 'job ran');
      } catch (err) {
        observer?.ran(job.name, 'failure', seconds());
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
    /** Stops scheduling and waits for the job in progress; the tick's other jobs do not start. */
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
