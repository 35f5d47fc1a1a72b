/**
 * The probes of `probeOtherRequests` (harness.ts), on a worker thread of their own: a latency
 * measured here is the server's, not a wait for the benchmark's own event loop, which stalls
 * for hundreds of milliseconds while it builds and sends a large upload.
 *
 * workerData: the probes (`ProbeRequest` by name). The thread posts `'started'` once their first
 * requests are sent, sends each of them over and over, waiting 50 ms (`PROBE_INTERVAL_MS`) after
 * each answer, until the parent posts `'stop'`; it then posts the latencies (ms) of each, in
 * order, and ends. A failed answer throws (an `error` event).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';

/** Pause between two requests of one probe. */
const PROBE_INTERVAL_MS = 50;

/** One request a probe sends over and over (plain data, as it crosses to this thread). */
export interface ProbeRequest {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Sent as is, the same every time (a JSON note, say). */
  body?: string;
}

const probes = workerData as Record<string, ProbeRequest>;
let probing = true;
parentPort!.once('message', () => (probing = false));

const running = Promise.all(
  Object.entries(probes).map(async ([name, { url, method = 'GET', headers, body }]) => {
    const measured: number[] = [];
    while (probing) {
      const start = performance.now();
      const response = await fetch(url, { method, headers, body });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${name}: ${response.status}`);
      measured.push(performance.now() - start);
      await sleep(PROBE_INTERVAL_MS);
    }
    return [name, measured] as const;
  }),
);
parentPort!.postMessage('started');
parentPort!.postMessage(Object.fromEntries(await running));
