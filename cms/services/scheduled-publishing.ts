import type { Payload } from 'payload';

/** Jobs run per round: far more than editors schedule for one minute, and a bound on one round's work. */
const JOBS_PER_ROUND = 20;

/**
 * Scheduled publishing (recipes, changelog): the /cms panel's "schedule" queues a Payload job (task
 * 'schedulePublish', `waitUntil` the chosen moment) and nothing runs it by itself; this runner does, once right
 * after start (a moment that passed while the server was down) and then every `intervalMs`. The job's own
 * write publishes the document, so the collection's afterChange hook clears the catalogue cache as an
 * editor's click would. A failing round is logged and the next one tries again; it never throws out of the
 * timer, and rounds do not overlap.
 *
 * Returns the function that stops it.
 */
export function startScheduledPublishing(payload: Payload, intervalMs: number): () => void {
  let running = false;
  const round = async () => {
    if (running) return;
    running = true;
    try {
      const result = await payload.jobs.run({ queue: 'default', limit: JOBS_PER_ROUND });
      const failed = Object.values(result.jobStatus ?? {}).filter((job) => job.status !== 'success').length;
      if (failed > 0)
        payload.logger.warn({ msg: `scheduled publishing: ${failed} job(s) failed (Payload retries what it may)` });
    } catch (err) {
      payload.logger.error({ err, msg: 'scheduled publishing round failed' });
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void round(), 0);
  const timer = setInterval(() => void round(), intervalMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
