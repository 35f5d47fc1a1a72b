import type { FastifyBaseLogger } from 'fastify';

/**
 * A background worker's rounds: one at a time, on start, on kicks and on a timer. Its functions
 * are properties, to be passed on as callbacks.
 */
export interface RoundLoop {
  /** Work was announced: a round now, or another once the one running ends. */
  kick: () => void;
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
 * waits for the next poll (and a worker whose round runs lanes, `runLanes`, starts one more in
 * the round at once). A round that throws is logged (`name` says whose) and the loop goes on.
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

  function kick(): void {
    if (!background || stopping) return;
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
export interface Lanes {
  /** Starts one more lane when fewer than the round's concurrency run and the round goes on. */
  more: () => void;
  /** Resolves once every lane has ended; rejects with the first lane's error, after all ended. */
  ended: Promise<void>;
}

/**
 * A round's lanes: `concurrency` runs of `lane` at once, each claiming work until none is left.
 * A lane that finds nothing ends; `more()` starts another while the round lasts, so that work
 * announced mid-round (a kick) is taken up at once rather than after the round's slowest lane.
 */
export function runLanes(concurrency: number, lane: () => Promise<void>): Lanes {
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
