import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openFreshDatabase, type FreshDatabase } from '../../server/test/fresh-database.ts';
import { startRoundRobinProxy } from '../../server/test/round-robin-proxy.ts';
import {
  freePort,
  signInOwner,
  startServerProcess,
  type ServerProcess,
} from '../../server/test/server-process.ts';
import { buildProduction, percentile, seededFaker, type Scenario } from '../harness.ts';

/** Goal of issue 14: two PostgreSQL instances behind the proxy serve this much of one's load. */
const GOAL_SCALE = 1.6;
const CLIENTS = 200;
const SECONDS = 60;
const COLLECTIONS = 10;
const SEEDED_POSTS = 2_000;
/** The shared signing key of every process (docs/OPERATIONS.md, "Scaling out"). */
const JWT_SECRET = 'load-benchmark-secret-shared-by-every-process';

/** The mix of requests, by share of all: cumulative thresholds of a uniform draw. */
const MIX = { list: 0.7, search: 0.8, write: 0.95 } as const;

interface Setup {
  name: string;
  /** Where the clients send their requests: one process, or the proxy in front of two. */
  url: string;
  instances: number;
  database: FreshDatabase;
  stop: () => Promise<void>;
}

interface Outcome {
  requests: number;
  errors: number;
  latenciesMs: number[];
  /** Posts whose creation was acknowledged (201), by id. */
  created: Set<number>;
  /** The collection each moved post was last acknowledged to be moved to, by post id. */
  moved: Map<number, number>;
  /** Failed requests by what they were and how they failed, e.g. `PATCH /api/posts 500`. */
  failures: Map<string, number>;
}

/** A small deterministic generator per client, so that runs draw the same mix. */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

/** Starts `instances` built server processes on one fresh database of `dialect`. */
async function startSetup(
  name: string,
  dialect: 'sqlite' | 'postgres',
  instances: number,
): Promise<Setup> {
  const postgres = dialect === 'postgres' ? await openFreshDatabase('postgres') : undefined;
  const dataDirs = Array.from({ length: instances }, () =>
    mkdtempSync(join(tmpdir(), `nestmark-bench-load-${dialect}-`)),
  );
  const servers: ServerProcess[] = [];
  for (const dataDir of dataDirs) {
    servers.push(
      await startServerProcess({
        port: await freePort(),
        dataDir,
        databaseUrl: postgres?.url,
        entry: 'build',
        env: { JWT_SECRET, ...(instances > 1 && { FILE_STORE: 'database' }) },
      }),
    );
  }
  const proxy = instances > 1 ? await startRoundRobinProxy(servers.map((s) => s.url)) : undefined;
  // SQLite: the server's own file, read again once the load is over.
  const database =
    postgres ??
    (await openFreshDatabase('sqlite', { sqliteFile: join(dataDirs[0]!, 'nestmark.db') }));
  return {
    name,
    url: proxy?.url ?? servers[0]!.url,
    instances,
    database,
    async stop() {
      await proxy?.close();
      for (const server of servers) await server.stop();
      await database.drop();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Sends one JSON request; resolves to the status and parsed body (undefined without one). */
async function call(
  url: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; data: unknown }> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    data: text ? (JSON.parse(text) as { data: unknown }).data : undefined,
  };
}

/** The owner's collections and notes every run starts from. @returns collection ids, post ids */
async function seed(
  url: string,
  token: string,
): Promise<{ collections: number[]; posts: number[] }> {
  const faker = seededFaker();
  const collections: number[] = [];
  for (let i = 0; i < COLLECTIONS; i++) {
    const { data } = await call(url, token, 'POST', '/api/collections', { name: `Load ${i}` });
    collections.push((data as { id: number }).id);
  }
  const posts: number[] = [];
  for (let i = 0; i < SEEDED_POSTS; i++) {
    const { data } = await call(url, token, 'POST', '/api/posts', {
      content: `${faker.lorem.sentence()} ${faker.lorem.paragraph()}`,
      collection_id: collections[i % COLLECTIONS],
    });
    posts.push((data as { id: number }).id);
  }
  return { collections, posts };
}

/**
 * CLIENTS clients, each sending its next request once the last is answered, for SECONDS: 70 %
 * lists, 10 % searches, 15 % creates or updates, 5 % moves. Each client moves and updates only
 * posts of its own (the seeded ones by index, and those it created), so the last acknowledged
 * move of each post is known.
 */
async function drive(
  url: string,
  token: string,
  seeded: { collections: number[]; posts: number[] },
) {
  const outcome: Outcome = {
    requests: 0,
    errors: 0,
    latenciesMs: [],
    created: new Set(),
    moved: new Map(),
    failures: new Map(),
  };
  const words = seededFaker().lorem.words(50).split(' ');
  const failed = (what: string) =>
    outcome.failures.set(what, (outcome.failures.get(what) ?? 0) + 1);
  const end = performance.now() + SECONDS * 1000;
  const client = async (index: number) => {
    const draw = random(index + 1);
    const pick = <T>(list: readonly T[]) => list[Math.floor(draw() * list.length)]!;
    const own = seeded.posts.filter((_, i) => i % CLIENTS === index);
    /** Sends a request of the mix; a failed one is counted by its method, route and status. */
    const send = async (method: string, path: string, body?: unknown) => {
      const route = `${method} ${path.replace(/\?.*$/, '').replace(/\d+/g, '{id}')}`;
      try {
        const answer = await call(url, token, method, path, body);
        if (answer.status >= 400) failed(`${route} ${answer.status}`);
        return answer;
      } catch (error) {
        failed(`${route} ${(error as Error).message}`);
        return { status: 0, data: undefined };
      }
    };
    /** One request of the mix; resolves to whether it was answered as asked. */
    const one = async (): Promise<boolean> => {
      const r = draw();
      if (r < MIX.list) {
        const path = `/api/posts?collection_id=${pick(seeded.collections)}&limit=20&withTags=true`;
        return (await send('GET', path)).status === 200;
      }
      if (r < MIX.search) {
        const path = `/api/posts?filter=${encodeURIComponent(pick(words))}&limit=20`;
        return (await send('GET', path)).status === 200;
      }
      if (r < MIX.write && draw() < 0.5) {
        const answer = await send('POST', '/api/posts', {
          content: `Written under load by client ${index}: ${pick(words)} ${pick(words)}`,
          collection_id: pick(seeded.collections),
        });
        if (answer.status !== 201) return false;
        const id = (answer.data as { id: number }).id;
        outcome.created.add(id);
        own.push(id);
        return true;
      }
      if (r < MIX.write) {
        const answer = await send('PATCH', `/api/posts/${pick(own)}`, {
          content: `Changed under load by client ${index}: ${pick(words)}`,
        });
        return answer.status === 200;
      }
      const id = pick(own);
      const target = pick(seeded.collections);
      const answer = await send('PATCH', '/api/posts', {
        ids: [id],
        collection_id: target,
      });
      if (answer.status !== 200) return false;
      outcome.moved.set(id, target);
      return true;
    };
    while (performance.now() < end) {
      const started = performance.now();
      const ok = await one();
      outcome.latenciesMs.push(performance.now() - started);
      outcome.requests++;
      if (!ok) outcome.errors++;
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)));
  return outcome;
}

/** Acknowledged creates missing from the database, and acknowledged moves it does not show. */
async function lostWrites(database: FreshDatabase, outcome: Outcome) {
  const ids = [...new Set([...outcome.created, ...outcome.moved.keys()])];
  const found = new Map<number, number | null>();
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await database.db
      .selectFrom('posts')
      .select(['id', 'collection_id'])
      .where('id', 'in', ids.slice(start, start + 500))
      .execute();
    for (const row of rows) found.set(row.id, row.collection_id);
  }
  return {
    creates: [...outcome.created].filter((id) => !found.has(id)).length,
    moves: [...outcome.moved].filter(([id, target]) => found.get(id) !== target).length,
  };
}

/**
 * `load`: CLIENTS concurrent clients for SECONDS against the built server (a) alone on SQLite,
 * (b) alone on PostgreSQL, (c) two processes on one PostgreSQL database behind the round-robin
 * proxy of the cluster test: requests per second, latency, errors, and writes lost (every
 * acknowledged create must be in the database afterwards, every acknowledged move must show).
 */
export const loadScenario: Scenario = {
  description: `${CLIENTS} clients for ${SECONDS} s (70 % list, 10 % search, 15 % create or update, 5 % move): one instance on SQLite, one and two on PostgreSQL`,
  async run({ dialects }) {
    buildProduction();
    const plans: [string, 'sqlite' | 'postgres', number][] = [['sqlite, 1 instance', 'sqlite', 1]];
    if (dialects.includes('postgres')) {
      plans.push(['postgres, 1 instance', 'postgres', 1], ['postgres, 2 instances', 'postgres', 2]);
    }
    const rows: (string | number)[][] = [];
    const failures: string[] = [];
    const rates = new Map<string, number>();
    for (const [name, dialect, instances] of plans) {
      const setup = await startSetup(name, dialect, instances);
      try {
        const token = await signInOwner(setup);
        const seeded = await seed(setup.url, token);
        const outcome = await drive(setup.url, token, seeded);
        const lost = await lostWrites(setup.database, outcome);
        const rate = outcome.requests / SECONDS;
        rates.set(name, rate);
        for (const [what, count] of outcome.failures) failures.push(`${name}: ${count} × ${what}`);
        rows.push([
          name,
          Math.round(rate),
          percentile(outcome.latenciesMs, 50).toFixed(1),
          percentile(outcome.latenciesMs, 99).toFixed(1),
          outcome.errors,
          `${lost.creates} of ${outcome.created.size}`,
          `${lost.moves} of ${outcome.moved.size}`,
        ]);
      } finally {
        await setup.stop();
      }
    }
    const one = rates.get('postgres, 1 instance');
    const two = rates.get('postgres, 2 instances');
    return [
      {
        title: `load: ${CLIENTS} clients for ${SECONDS} s, requests per second and latency`,
        columns: ['setup', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'creates lost', 'moves lost'],
        rows,
        notes: [
          'Goal: no errors, no lost writes; two PostgreSQL instances at least ' +
            `${GOAL_SCALE}× one.` +
            (one && two ? ` Here: ${(two / one).toFixed(2)}×.` : ''),
          'The built server (npm start) with the rate limit off; the clients and the proxy run in',
          'this process, on the same machine as the servers and PostgreSQL: with 2 CPUs, two',
          'instances share the cores one had, so the scaling figure says more on a bigger machine.',
          ...failures.map((failure) => `Failed: ${failure}`),
        ],
      },
    ];
  },
};
