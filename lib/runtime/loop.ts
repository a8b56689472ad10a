import 'server-only';
import { logger } from '@/lib/logger';

// One independent loop of the server's schedule (lib/runtime/schedule.ts): a piece of work run every
// `intervalMs`, never overlapping itself, and woken earlier on demand. Loops share nothing but
// the process: no loop waits for another.

export type Loop = {
  /** Run `delayMs` from now (or sooner when already due); during a run: once more right after it. */
  wake(delayMs?: number): void;
  /** The time (ms since the epoch) of the next run; undefined while a run is in progress. */
  nextRunAt(): number | undefined;
  /**
   * No further runs; aborts the signal the run got and resolves once the run in progress ended,
   * or after `waitMs` (default: however long the run takes).
   */
  stop(waitMs?: number): Promise<void>;
};

export type LoopOptions = {
  name: string;
  intervalMs: number;
  /** Delay of a wake (and of the run after a wake during a run). */
  debounceMs: number;
  /** Delay of the first run (default intervalMs). */
  firstRunMs?: number;
};

/**
 * Starts a loop: the next run is scheduled only when the previous one has finished, `intervalMs`
 * later or after the delay the run answered (when its work is next due). A failing run is logged,
 * and the loop goes on at its interval. `run` gets a signal aborted on stop.
 */
export function startLoop(options: LoopOptions, run: (signal: AbortSignal) => Promise<number | void>): Loop {
  const { intervalMs, debounceMs } = options;
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let dueAt = Infinity;
  let running = false;
  let wokenWhileRunning = false;
  let current: Promise<void> = Promise.resolve();
  const schedule = (delayMs: number) => {
    if (abort.signal.aborted) return;
    const at = Date.now() + delayMs;
    if (at >= dueAt) return; // an earlier run is already scheduled
    clearTimeout(timer);
    dueAt = at;
    timer = setTimeout(() => (current = tick()), delayMs);
  };
  const tick = async () => {
    dueAt = Infinity;
    running = true;
    wokenWhileRunning = false;
    let next: number | void = undefined;
    try {
      next = await run(abort.signal);
    } catch (err) {
      logger.error({ err, loop: options.name }, `${options.name} run failed`);
    }
    running = false;
    schedule(wokenWhileRunning ? debounceMs : (next ?? intervalMs));
  };
  schedule(options.firstRunMs ?? intervalMs);
  return {
    wake(delayMs = debounceMs) {
      if (running) wokenWhileRunning = true;
      else schedule(delayMs);
    },
    nextRunAt: () => (running || dueAt === Infinity ? undefined : dueAt),
    async stop(waitMs) {
      abort.abort();
      clearTimeout(timer);
      if (waitMs === undefined) return current;
      let cap: NodeJS.Timeout | undefined;
      await Promise.race([current, new Promise<void>((resolve) => (cap = setTimeout(resolve, waitMs)))]);
      clearTimeout(cap);
    },
  };
}
