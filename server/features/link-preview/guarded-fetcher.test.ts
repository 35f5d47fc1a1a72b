import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../../test/corpus.ts';
import { startLocalServer, type LocalServer } from '../../test/local-server.ts';
import { isPrivateHostname, isPublicAddress } from './address-policy.ts';
import {
  createGuardedFetcher,
  FetchFailedError,
  RefusedUrlError,
  type LinkFetcher,
  type Resolver,
} from './guarded-fetcher.ts';

/*
 * The SSRF guard against the test corpus of refusal cases (server/test/fixtures/corpus/ssrf, four projects'
 * test suites) and against live local servers: the loopback server the tests start is reachable
 * only through the explicit test-only allowance, redirects and DNS answers are checked where the
 * connection is made.
 */

const ssrfCorpus = (name: string) =>
  JSON.parse(readFileSync(join(CORPUS_DIR, 'ssrf', name), 'utf8')) as Record<string, unknown>;

/**
 * DNS for the corpus, offline: `*.nip.io` answers the address embedded in the name (what the
 * real service does); every other name does not resolve. Names the guard refuses by themselves
 * (`localhost`, `metadata.google.internal`, single labels) never reach it.
 */
const corpusDns: Resolver = async (hostname) => {
  const nip = /(?:^|\.)(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})\.nip\.io$/i.exec(hostname);
  if (nip) return [{ address: nip[1]!, family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};

/**
 * Cases whose verdict needs the live internet (public redirectors, rebinding DNS services, bit.ly)
 * and the local test that proves the same behaviour offline.
 */
const NEEDS_NETWORK: Record<string, string> = {
  'http://bit.ly/3z04dcF': 'redirect to a private address (local redirect test)',
  'http://httpbin.org/redirect-to?url=http://127.0.0.1/':
    'redirect to loopback (local redirect test)',
  'https://307.r3dir.me/--to/?url=http://localhost': 'redirect to loopback (local redirect test)',
  'https://62epax5fhvj3zzmzigyoe5ipkbn7fysllvges3a.302.r3dir.me':
    'redirect to metadata (local redirect test)',
  'http://nicob.net/redir6a': 'redirect to metadata (local redirect test)',
  'http://nicob.net/redir-http-169.254.169.254:80-': 'redirect to metadata (local redirect test)',
  'http://service-rbnd.test:8080': 'DNS rebinding (local rebinding test)',
};

/**
 * Corpus URLs that are not attacks on this server: the public host an "enclosed alphanumerics"
 * name normalises to (example.com), and Google's public API an attacker uses after a theft.
 */
const PUBLIC_BY_DESIGN = (url: string) =>
  url.startsWith('http://ⓔⓧⓐⓜⓟⓛⓔ.ⓒⓞⓜ') || url.startsWith('https://www.googleapis.com/');

/** URLs out of the PayloadsAllTheThings code blocks (curl lines, `ssrf.php?url=…`, listings). */
function urlsInBlocks(): string[] {
  const { blocks } = ssrfCorpus('payloadsallthethings-ssrf-blocks.json') as {
    blocks: { block: string }[];
  };
  const urls = new Set<string>();
  for (const { block } of blocks) {
    for (const raw of block.split(/\s+/)) {
      const token = raw
        .replace(/^["'(]+|["'`),;]+$/g, '')
        .replace(/^(ssrf\.php\?url=|Static:|Dynamic:)/, '');
      if (/^(https?|jar|file|dict|sftp|tftp|ldap|netdoc|gopher|\d+):/i.test(token)) urls.add(token);
    }
    // The rebinding service is given as a bare host name.
    for (const host of block.match(/\bmake-[\w.-]+\.1u\.ms\b/g) ?? []) {
      NEEDS_NETWORK[`http://${host}`] = 'DNS rebinding (local rebinding test)';
      urls.add(`http://${host}`);
    }
  }
  return [...urls];
}

interface UrlCase {
  url: string;
  expected: string;
  config?: string;
}

/** Every URL the corpus says must be refused under a default configuration. */
function mustRefuseUrls(): string[] {
  const rfa = ssrfCorpus('request-filtering-agent-cases.json').cases as UrlCase[];
  const safeurl = ssrfCorpus('doyensec-safeurl-cases.json').cases as UrlCase[];
  const advocate = ssrfCorpus('advocate-ip-cases.json') as {
    also_asserted_blocked_urls: { url: string }[];
    hostname_cases: { hostname: string; note: string }[];
  };
  return [
    // request-filtering-agent: its default configuration only (the others allow-list loopback).
    ...rfa
      .filter((c) => c.expected.startsWith('blocked') && c.config === 'default')
      .map((c) => c.url),
    // safeurl: all blocked, including credentials in the URL and invalid hosts.
    ...safeurl.filter((c) => c.expected === 'blocked').map((c) => c.url),
    ...advocate.also_asserted_blocked_urls.map((c) => c.url),
    // Host names with an embedded NUL (the corpus writes the byte as `\x00`).
    ...advocate.hostname_cases
      .filter((c) => c.note === 'embedded NUL')
      .map((c) => `http://${c.hostname.replace('\\x00', '\0')}/`),
    ...urlsInBlocks().filter((url) => !PUBLIC_BY_DESIGN(url)),
  ];
}

describe('the address policy', () => {
  const advocate = ssrfCorpus('advocate-ip-cases.json') as {
    cases: { ip: string; expected: string; upstream_test: string }[];
  };
  // Advocate's manual black- and whitelist tests configure lists of their own; Nestmark has none,
  // so those verdicts are about that configuration, not about what an address is.
  const configured = new Set([
    'test_manual_ip_blacklist',
    'test_ip_whitelist',
    'test_ip_whitelist_blacklist_conflict',
  ]);

  it.each(advocate.cases.filter((c) => !configured.has(c.upstream_test)))(
    'advocate: $ip is $expected ($upstream_test)',
    ({ ip, expected }) => {
      expect(isPublicAddress(ip)).toBe(expected === 'allowed');
    },
  );

  it('lets public addresses through, v4 and v6', () => {
    for (const ip of [
      '178.254.90.1',
      '93.184.216.34',
      '2607:f8b0:400a:807::200e',
      '2a00:1450::1',
    ]) {
      expect(isPublicAddress(ip), ip).toBe(true);
    }
  });

  it('refuses every special range, whatever form the address takes', () => {
    for (const ip of [
      '127.0.0.1',
      '127.255.255.254',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.0.1', // loopback, private
      '169.254.169.254',
      '169.254.170.2',
      '100.64.0.1',
      '100.100.100.200', // metadata, CGNAT
      '0.0.0.0',
      '0.1.2.3',
      '224.0.0.1',
      '239.255.255.250',
      '255.255.255.255', // unspecified, multicast
      '192.0.2.1',
      '198.51.100.7',
      '203.0.113.9',
      '198.18.0.1',
      '192.0.0.192',
      '240.0.0.1', // documentation, reserved
      '::',
      '::1',
      'fe80::1',
      'fc00::1',
      'fd00:ec2::254',
      'fec0::1',
      'ff02::1', // v6 special
      '::ffff:127.0.0.1',
      '::ffff:8.8.8.8',
      '::127.0.0.1',
      '::7f00:1', // mapped, compatible
      '64:ff9b::7f00:1',
      '64:ff9b::8.8.8.8',
      '2002:7f00:1::',
      '2001:0:4136:e378:8000:63bf:3f57:fdf2', // NAT64, 6to4, Teredo
      '2001:db8::1',
      '3fff::1',
      'fe80::1%eth0',
      'not an address',
      '',
    ]) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
  });

  it('refuses names of this machine and of intranets', () => {
    for (const name of [
      'localhost',
      'LOCALHOST.',
      'app.localhost',
      'metadata.google.internal',
      'metadata',
      'printer.local',
      'nas.home.arpa',
      'instance-data',
      'ip6-localhost',
    ]) {
      expect(isPrivateHostname(name), name).toBe(true);
    }
    expect(isPrivateHostname('example.com')).toBe(false);
  });
});

describe('the guarded fetcher', () => {
  let target: LocalServer;
  let other: LocalServer;
  const fetchers: LinkFetcher[] = [];
  const guarded = (options: Parameters<typeof createGuardedFetcher>[0] = {}) => {
    const fetcher = createGuardedFetcher({ timeoutMs: 2_000, ...options });
    fetchers.push(fetcher);
    return fetcher;
  };
  /** The test-only allowance: exactly the target server, nothing else on loopback. */
  const allowTarget = (address: string, port: number) =>
    address === '127.0.0.1' && port === target.port;
  const page = { accept: 'text/html', maxBytes: 1024 * 1024 };

  beforeAll(async () => {
    target = await startLocalServer((request, response) => {
      const match = /^\/redirect\?to=(.*)$/.exec(request.url ?? '');
      if (match) {
        response.writeHead(302, { location: decodeURIComponent(match[1]!) }).end();
      } else if (request.url?.startsWith('/loop')) {
        response.writeHead(302, { location: `/loop${(request.url.length % 20) + 1}` }).end();
      } else if (request.url === '/large') {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end('x'.repeat(2 * 1024 * 1024));
      } else if (request.url === '/stream') {
        response.writeHead(200, { 'content-type': 'text/html' });
        const chunk = 'y'.repeat(64 * 1024);
        for (let i = 0; i < 40; i++) response.write(chunk);
        response.end();
      } else if (request.url?.startsWith('/status/')) {
        response.writeHead(Number(request.url.slice('/status/'.length))).end();
      } else if (request.url === '/slow') {
        // Never answers: the time limit must end the request.
      } else {
        response
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end('<title>ok</title>');
      }
    });
    other = await startLocalServer((_, response) => response.end('internal'));
  });
  afterAll(async () => {
    await Promise.all(fetchers.map((fetcher) => fetcher.close()));
    await target.close();
    await other.close();
  });

  describe('refuses every must-refuse case of the corpus', () => {
    const fetcher = () => guarded({ resolve: corpusDns });
    const cases = mustRefuseUrls().filter((url) => !(url in NEEDS_NETWORK));

    it('finds the cases', () => {
      expect(cases.length).toBeGreaterThan(150);
    });

    it.each(cases)('%s', async (url) => {
      await expect(fetcher().check(url)).rejects.toBeInstanceOf(RefusedUrlError);
    });

    it('lists every network-dependent case it leaves to the local tests', () => {
      const all = new Set(mustRefuseUrls());
      for (const url of Object.keys(NEEDS_NETWORK)) expect(all, url).toContain(url);
    });
  });

  it('refuses the loopback cases while a server really listens there, and it never sees a request', async () => {
    const rfa = ssrfCorpus('request-filtering-agent-cases.json') as {
      cases: UrlCase[];
      TEST_PORT: number;
    };
    const fetcher = guarded({ resolve: corpusDns });
    const urls = rfa.cases
      .filter(
        (c) =>
          c.expected.startsWith('blocked') && c.config === 'default' && !(c.url in NEEDS_NETWORK),
      )
      .map((c) => c.url.replace(String(rfa.TEST_PORT), String(other.port)));
    for (const url of urls) {
      await expect(fetcher.fetch(url, page), url).rejects.toBeInstanceOf(RefusedUrlError);
    }
    expect(other.hits).toEqual([]);
  });

  it('reaches the local server only through the test-only allowance, and only its port', async () => {
    await expect(guarded().fetch(`${target.origin}/`, page)).rejects.toBeInstanceOf(
      RefusedUrlError,
    );
    const allowed = guarded({ allowAddress: allowTarget });
    const resource = await allowed.fetch(`${target.origin}/`, page);
    expect(resource).toMatchObject({ status: 200, mediaType: 'text/html', charset: 'utf-8' });
    expect(resource.body.toString()).toBe('<title>ok</title>');
    await expect(allowed.fetch(`${other.origin}/`, page)).rejects.toBeInstanceOf(RefusedUrlError);
    expect(other.hits).toEqual([]);
  });

  it('checks every redirect: from an allowed host to a private address is refused', async () => {
    const fetcher = guarded({ allowAddress: allowTarget, resolve: corpusDns });
    for (const to of [
      `${other.origin}/secret`,
      `http://localhost:${other.port}/`,
      `http://127.0.0.1.nip.io:${other.port}/`,
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:127.0.0.1]/',
      'file:///etc/passwd',
    ]) {
      const url = `${target.origin}/redirect?to=${encodeURIComponent(to)}`;
      await expect(fetcher.fetch(url, page), to).rejects.toBeInstanceOf(RefusedUrlError);
    }
    expect(other.hits).toEqual([]);
    // An allowed redirect is followed; the result names where it ended.
    const followed = await fetcher.fetch(`${target.origin}/redirect?to=%2Fpage`, page);
    expect(followed.url).toBe(`${target.origin}/page`);
  });

  it('follows at most 5 redirects', async () => {
    const fetcher = guarded({ allowAddress: allowTarget });
    await expect(fetcher.fetch(`${target.origin}/loop`, page)).rejects.toThrow(
      /More than 5 redirects/,
    );
    await expect(fetcher.fetch(`${target.origin}/loop`, page)).rejects.toMatchObject({
      kind: 'redirects',
    });
  });

  it('connects to the address it checked: a DNS answer that changes between check and connect cannot reach loopback', async () => {
    // 127.0.0.2 stands in for a public address (the allowance admits it; nothing listens there).
    // The attacker's DNS answers it to the first lookup (the fetch's pre-check), then loopback,
    // where a server waits, to the lookup made for the connection.
    let lookups = 0;
    const rebinding: Resolver = async () => [
      { address: lookups++ === 0 ? '127.0.0.2' : '127.0.0.1', family: 4 },
    ];
    const fetcher = guarded({
      resolve: rebinding,
      allowAddress: (address) => address === '127.0.0.2',
    });
    const url = `http://rebind.example:${other.port}/`;
    await expect(fetcher.fetch(url, page)).rejects.toBeInstanceOf(RefusedUrlError);
    expect(lookups).toBe(2);
    expect(other.hits).toEqual([]);

    // A name with one private address among public ones is refused outright.
    const mixed = guarded({
      resolve: async () => [
        { address: '127.0.0.2', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ],
      allowAddress: (address) => address === '127.0.0.2',
    });
    await expect(mixed.fetch(url, page)).rejects.toBeInstanceOf(RefusedUrlError);
    expect(other.hits).toEqual([]);
  });

  it('caps the size of a response, declared or streamed', async () => {
    const fetcher = guarded({ allowAddress: allowTarget });
    await expect(fetcher.fetch(`${target.origin}/large`, page)).rejects.toThrow(/larger than/);
    await expect(fetcher.fetch(`${target.origin}/stream`, page)).rejects.toThrow(/larger than/);
    for (const path of ['/large', '/stream']) {
      await expect(fetcher.fetch(`${target.origin}${path}`, page)).rejects.toMatchObject({
        kind: 'too_large',
      });
    }
  });

  it('names the kind of an HTTP error, with its status', async () => {
    const fetcher = guarded({ allowAddress: allowTarget });
    await expect(fetcher.fetch(`${target.origin}/status/404`, page)).rejects.toMatchObject({
      kind: 'http_status',
      status: 404,
      transient: false,
    });
  });

  it('tells passing failures from lasting ones: a name that does not exist is not retried', async () => {
    const failure = await guarded({ resolve: corpusDns })
      .fetch('http://no-such-host.example/', page)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(FetchFailedError);
    expect((failure as FetchFailedError).transient).toBe(false);
    expect((failure as FetchFailedError).kind).toBe('unresolved');
  });

  it('gives up after its time limit', async () => {
    const fetcher = guarded({ allowAddress: allowTarget, timeoutMs: 300 });
    const started = Date.now();
    const failure = await fetcher
      .fetch(`${target.origin}/slow`, page)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(FetchFailedError);
    expect((failure as FetchFailedError).transient).toBe(true);
    expect((failure as FetchFailedError).kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('ends a fetch when the caller aborts it (a budget over several fetches)', async () => {
    // Its own time limit is far beyond the test's: only the abort can end it in time.
    const fetcher = guarded({ allowAddress: allowTarget, timeoutMs: 60_000 });
    const budget = new AbortController();
    const slowHits = () => target.hits.filter((hit) => hit === '/slow').length;
    const before = slowHits();
    const pending = fetcher
      .fetch(`${target.origin}/slow`, { ...page, signal: budget.signal })
      .catch((error: unknown) => error);
    await expect.poll(slowHits).toBe(before + 1);
    budget.abort();
    expect(await pending).toBeInstanceOf(FetchFailedError);
    // The caller's budget is not the guard's time limit.
    expect(await pending).toMatchObject({ kind: 'network' });
  });
});
