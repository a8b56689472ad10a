import { logger } from '@/lib/logger';
import { runProcessor } from './run-processor';

/**
 * Runs the processor every `intervalMs` in this process, never overlapping itself: the next run
 * is scheduled only when the previous one has finished.
 */
export function startProcessorSchedule(intervalMs: number): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const tick = async () => {
    try {
      const summary = await runProcessor();
      if (summary.processed > 0 || summary.retried > 0 || summary.webhooks.attempted > 0) logger.info({ summary }, 'processor run');
    } catch (err) {
      logger.error({ err }, 'processor run failed');
    }
    if (!stopped) timer = setTimeout(tick, intervalMs);
  };
  timer = setTimeout(tick, intervalMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
