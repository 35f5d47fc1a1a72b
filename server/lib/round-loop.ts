import type { FastifyBaseLogger } from 'fastify';

/**
 * A background worker's rounds: one at a time, on start, on kicks and on a timer. Its functions
 * are properties, to be passed on as callbacks.
 */
export interface RoundLoop {
  /**
   * Work was announced: a round now, or another once the one running ends; and one more lane in
   * the running round's `lanes`, when one has ended.
   */
  kick: () => void;
  /**
   * Runs `concurrency` lanes of the round at once, each claiming work until none is left;
   * resolves once every lane has ended, rejects with the first lane's error after all ended. A
   * lane that finds nothing ends, and a kick while the round lasts starts another, so work
   * announced mid-round is taken up at once rather than after the round's slowest lane.
   */
  lanes: (concurrency: number, lane: () => Promise<void>) => Promise<void>;
  /** Starts the background rounds: one at once, then on kicks and every `pollMs`. */
  start: () => void;
  /** No further rounds; resolves once the one running has ended. */
  stop: () => Promise<void>;
  /** Resolves once the round running, if any, has ended. */
  settled: () => Promise<void>;
  /** Whether rounds run in the background (started and not stopped). */
  readonly background: boolean;
  /** Whether `stop()` was called: work in progress should end soon. */
  readonly stopping: boolean;
}

/**
 * The background loop the queue workers share (link previews, page copies; their queues live in
 * the database, docs/ARCHITECTURE.md): `round` works until nothing is left to claim. At most one
 * round runs at a time; a kick during a round asks for one more after it, so no announced work
 * waits for the next poll (and, when the round runs `lanes`, one more lane starts in it at once).
 * A round that throws is logged (`name` says whose) and the loop goes on.
 */
export function createRoundLoop({
  name,
  log,
  pollMs,
  round,
}: {
  name: string;
  log: FastifyBaseLogger;
  /** How often an idle loop looks for work no kick announced (other processes, lapsed leases). */
  pollMs: number;
  round: () => Promise<unknown>;
}): RoundLoop {
  let background = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let rerun = false;
  /** Starts one more lane in the round running, if it runs lanes. */
  let moreLanes: (() => void) | undefined;

  function kick(): void {
    if (stopping) return;
    moreLanes?.();
    if (!background) return;
    if (running) {
      rerun = true;
      return;
    }
    running = (async () => {
      do {
        rerun = false;
        await round().catch((error: unknown) => log.error({ err: error }, `${name} failed`));
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- kick() sets `rerun` while the round runs; TypeScript does not see it
      } while (rerun && !stopping);
    })().finally(() => {
      running = undefined;
    });
  }

  return {
    kick,
    async lanes(concurrency, lane) {
      const round = runLanes(concurrency, lane);
      moreLanes = round.more;
      try {
        await round.ended;
      } finally {
        if (moreLanes === round.more) moreLanes = undefined;
      }
    },
    start() {
      background = true;
      kick();
      timer = setInterval(kick, pollMs);
      timer.unref();
    },
    async stop() {
      stopping = true;
      clearInterval(timer);
      await running;
    },
    async settled() {
      await running;
    },
    get background() {
      return background;
    },
    get stopping() {
      return stopping;
    },
  };
}

/** The lanes of one round (`runLanes`). */
interface Lanes {
  /** Starts one more lane when fewer than the round's concurrency run and the round goes on. */
  more: () => void;
  /** Resolves once every lane has ended; rejects with the first lane's error, after all ended. */
  ended: Promise<void>;
}

/** A round's lanes (see RoundLoop `lanes`): `more()` starts another while the round lasts. */
function runLanes(concurrency: number, lane: () => Promise<void>): Lanes {
  const running = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  let over = false;
  const more = () => {
    if (over || running.size >= concurrency) return;
    const run: Promise<void> = lane()
      .catch((error: unknown) => {
        failure ??= { error };
      })
      .finally(() => running.delete(run));
    running.add(run);
  };
  for (let started = 0; started < concurrency; started++) more();
  const ended = (async () => {
    while (running.size > 0) await Promise.race(running);
    // Nothing runs between the last lane's end and here: no lane starts after the round.
    over = true;
    if (failure) throw failure.error;
  })();
  return { more, ended };
}
