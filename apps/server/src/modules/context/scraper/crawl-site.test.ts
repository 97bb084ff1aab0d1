import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_SITE_TREE, startFakeSite, type FakeSite } from '@tessera/test-utils';
import { AppError } from '../../../platform/errors';
import type { FetchPolicy } from '../../../platform/outbound';
import { crawlSite, fetchPageAsMarkdown, type CrawlOptions, type CrawlProgress, type CrawledPage } from './crawl-site';

let site: FakeSite;
beforeAll(async () => {
  site = await startFakeSite({ slowMs: 5000, hugeBytes: 2 * 1024 * 1024, manyPages: 120 });
});
afterAll(() => site.close());

// The site itself, and its other name: allowed so that only the same-site rule keeps the crawler off it.
const policy = (): FetchPolicy => ({ allowHosts: [site.host, `localhost:${site.port}`] });

async function crawl(options: Partial<CrawlOptions> & { path?: string }) {
  const progress: CrawlProgress[] = [];
  const pages: CrawledPage[] = [];
  const before = site.requests.length;
  for await (const page of crawlSite({
    url: `${site.baseUrl}${options.path ?? '/'}`,
    maxPages: 50,
    maxDepth: 3,
    fetchPolicy: policy(),
    onProgress: (p) => progress.push(p),
    ...options,
  })) {
    pages.push(page);
  }
  return { pages, progress, requests: site.requests.slice(before), paths: pages.map((p) => new URL(p.url).pathname) };
}

const treeUpTo = (depth: number) =>
  Object.entries(FAKE_SITE_TREE)
    .filter(([, d]) => d <= depth)
    .map(([path]) => path);

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const drain = async (options: CrawlOptions) => {
  const pages: CrawledPage[] = [];
  for await (const page of crawlSite(options)) pages.push(page);
  return pages;
};

// Crawls of 100 pages take about a second; the margin is for a machine busy with other suites.
describe('crawlSite', { timeout: 20_000 }, () => {
  it('crawls the site breadth-first to depth 3 with each page once, as markdown', async () => {
    const { pages, paths, requests } = await crawl({ maxDepth: 3 });
    expect(paths.sort()).toEqual(treeUpTo(3).sort());
    for (const page of pages) expect(page.depth).toBe(FAKE_SITE_TREE[new URL(page.url).pathname]);
    // Breadth-first: depths never go down.
    expect(pages.map((p) => p.depth)).toEqual([...pages.map((p) => p.depth)].sort((a, b) => a - b));
    // /about is linked as /about, /about#team and ../about: fetched once.
    expect(requests.filter((r) => r === '/about')).toHaveLength(1);
    expect(requests.filter((r) => r === '/robots.txt')).toHaveLength(1);
    const about = pages.find((p) => p.url.endsWith('/about'))!;
    expect(about.title).toBe('About');
    expect(about.markdown).toContain('This page explains the team');
    expect(about.markdown).not.toContain('Fake site footer');
    const home = pages[0]!;
    expect(home).toMatchObject({ url: `${site.baseUrl}/`, depth: 0, title: 'Home' });
    expect(home.markdown).toContain(`[/about](${site.baseUrl}/about)`);
  });

  it('treats a start URL with a fragment as the page itself (crawled once)', async () => {
    const { requests, pages } = await crawl({ path: '/#top', maxDepth: 1 });
    expect(pages[0]!.url).toBe(`${site.baseUrl}/`);
    expect(requests.filter((r) => r === '/')).toHaveLength(1);
  });

  it('respects robots.txt: /private is never requested', async () => {
    const { paths, requests, progress } = await crawl({ maxDepth: 3 });
    expect(paths).not.toContain('/private/secret');
    expect(requests).not.toContain('/private/secret');
    expect(progress.find((p) => p.url.endsWith('/private/secret'))?.skipped).toBe('disallowed by robots.txt');
  });

  it('stays on the site: links to another host name are never followed', async () => {
    const { requests } = await crawl({ maxDepth: 3 });
    // localhost:{port} is the same server and allowed by the policy: only the same-site rule stops it.
    expect(requests).not.toContain('/offsite');
    expect(requests.every((r) => !r.startsWith('/many') && !r.startsWith('/traps'))).toBe(true);
  });

  it.each([
    [0, treeUpTo(0)],
    [1, treeUpTo(1)],
    [2, treeUpTo(2)],
  ])('stops at depth %i', async (maxDepth, expected) => {
    const { paths, requests } = await crawl({ maxDepth });
    expect(paths.sort()).toEqual([...expected].sort());
    // Deeper pages are not even fetched.
    const deeper = Object.entries(FAKE_SITE_TREE).filter(([, d]) => d > maxDepth);
    for (const [path] of deeper) expect(requests).not.toContain(path);
  });

  it.each([20, 50, 100])('stops at %i pages', async (maxPages) => {
    const { pages, requests } = await crawl({ path: '/many/', maxPages, maxDepth: 1 });
    expect(pages).toHaveLength(maxPages);
    expect(new Set(pages.map((p) => p.url)).size).toBe(maxPages);
    // At most a few fetches beyond the limit were in flight when it was reached.
    const pageRequests = requests.filter((r) => r.startsWith('/many/'));
    expect(pageRequests.length).toBeLessThanOrEqual(maxPages + 4);
  });

  it('skips slow, huge, private-redirect, missing and non-HTML pages and keeps the rest', async () => {
    const started = Date.now();
    const { paths, progress, requests } = await crawl({
      path: '/traps/',
      maxDepth: 1,
      pageTimeoutMs: 400,
      maxPageBytes: 256 * 1024,
    });
    expect(paths.sort()).toEqual(['/', '/about', '/gzip', '/plain', '/traps/']);
    const skipped = Object.fromEntries(
      progress.filter((p) => p.skipped).map((p) => [new URL(p.url).pathname, p.skipped]),
    );
    expect(skipped['/slow']).toBe(`Could not fetch ${site.baseUrl}/slow: no answer within 400 ms`);
    expect(skipped['/huge']).toBe(`Could not fetch ${site.baseUrl}/huge: the response is larger than 262144 bytes`);
    // A redirect off the site is not followed at all (the start page's own redirects are checked below).
    expect(skipped['/redirect-private']).toBe('redirects off the site');
    expect(requests).not.toContain('/latest/meta-data/');
    expect(skipped['/missing']).toBe('HTTP 404');
    // A link to a .pdf is not a page: never requested.
    expect(requests).not.toContain('/file.pdf');
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('refuses a same-site page whose host name resolves to a private address', async () => {
    const resolve = async (host: string) => [
      { address: host === 'site.test' ? '127.0.0.1' : '10.0.0.7', family: 4 as const },
    ];
    const fetchPolicy: FetchPolicy = { allowHosts: [`site.test:${site.port}`], resolve };
    const progress: CrawlProgress[] = [];
    const pages = await drain({
      url: `http://site.test:${site.port}/traps/`,
      maxPages: 50,
      maxDepth: 1,
      pageTimeoutMs: 400,
      maxPageBytes: 256 * 1024,
      fetchPolicy,
      onProgress: (p) => progress.push(p),
    });
    expect(pages.map((p) => p.url)).toContain(`http://site.test:${site.port}/about`);
    expect(progress.find((p) => p.url === `http://internal.site.test:${site.port}/about`)?.skipped).toBe(
      `Refused to fetch http://internal.site.test:${site.port}/about: internal.site.test resolves to 10.0.0.7, a private address`,
    );
  });

  it('converts a page without an article from its body text', async () => {
    const { pages } = await crawl({ path: '/traps/', maxDepth: 1, pageTimeoutMs: 400, maxPageBytes: 256 * 1024 });
    const plain = pages.find((p) => p.url.endsWith('/plain'))!;
    expect(plain.title).toBe('Plain');
    expect(plain.markdown).toContain('Just a line of text.');
  });

  it('reports progress after every page', async () => {
    const { progress, pages } = await crawl({ maxDepth: 1 });
    expect(progress[0]).toEqual({ done: 1, queued: 4, url: `${site.baseUrl}/` });
    const kept = progress.filter((p) => !p.skipped);
    expect(kept.map((p) => p.done)).toEqual(pages.map((_, i) => i + 1));
    expect(progress.at(-1)!.queued).toBe(0);
  });

  it('refuses a start URL on loopback without the test allowance, and sends nothing', async () => {
    const before = site.requests.length;
    const error = await rejection(drain({ url: `${site.baseUrl}/`, maxPages: 5, maxDepth: 1 }));
    expect(error.code).toBe('URL_NOT_ALLOWED');
    expect(error.message).toBe(`Refused to fetch ${site.baseUrl}/: 127.0.0.1 is a loopback address`);
    expect(site.requests.length).toBe(before);
  });

  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/',
    'http://[::1]/',
    'http://2130706433/',
    'file:///etc/passwd',
    'ftp://example.com/',
  ])('refuses to start at %s', async (url) => {
    const error = await rejection(drain({ url, maxPages: 5, maxDepth: 1 }));
    expect(error.code).toBe('URL_NOT_ALLOWED');
  });

  it('refuses a start host name that resolves to loopback', async () => {
    const before = site.requests.length;
    const fetchPolicy: FetchPolicy = { resolve: async () => [{ address: '127.0.0.1', family: 4 }] };
    const error = await rejection(
      drain({ url: `http://docs.company.test:${site.port}/`, maxPages: 5, maxDepth: 1, fetchPolicy }),
    );
    expect(error.message).toMatch(/docs\.company\.test resolves to 127\.0\.0\.1, a loopback address/);
    expect(site.requests.length).toBe(before);
  });

  it('refuses a start page that redirects to a private address', async () => {
    const error = await rejection(
      drain({ url: `${site.baseUrl}/redirect-private`, maxPages: 5, maxDepth: 1, fetchPolicy: policy() }),
    );
    expect(error.code).toBe('URL_NOT_ALLOWED');
  });

  it('refuses a start page that robots.txt disallows', async () => {
    const error = await rejection(
      drain({ url: `${site.baseUrl}/private/secret`, maxPages: 5, maxDepth: 1, fetchPolicy: policy() }),
    );
    expect(error.code).toBe('FETCH_FAILED');
    expect(error.message).toBe(`The site's robots.txt does not allow crawling ${site.baseUrl}/private/secret`);
  });

  it('crawls nothing when robots.txt is unreachable (5xx), and says why', async () => {
    const down = await startFakeSite({ robots: { status: 503, body: 'down' } });
    try {
      const error = await rejection(
        drain({ url: `${down.baseUrl}/`, maxPages: 5, maxDepth: 1, fetchPolicy: { allowHosts: [down.host] } }),
      );
      expect(error.message).toBe(
        `Could not read ${down.baseUrl}/robots.txt (it answered HTTP 503), so the site is not crawled`,
      );
      expect(down.requests).toEqual(['/robots.txt']);
    } finally {
      await down.close();
    }
  });

  it('obeys a Tessera group and crawls everything when robots.txt is missing', async () => {
    const mine = await startFakeSite({
      robots: { body: 'User-agent: *\nDisallow: /\n\nUser-agent: Tessera\nDisallow: /blog\n' },
    });
    const none = await startFakeSite({ robots: { status: 404, body: '' } });
    try {
      const a = await drain({
        url: `${mine.baseUrl}/`,
        maxPages: 50,
        maxDepth: 3,
        fetchPolicy: { allowHosts: [mine.host] },
      });
      // The Tessera group replaces the * group: /blog is out, /private (only in *'s spirit) is in.
      expect(a.map((p) => new URL(p.url).pathname).sort()).toEqual(
        [...treeUpTo(3).filter((p) => !p.startsWith('/blog')), '/private/secret'].sort(),
      );
      const b = await drain({
        url: `${none.baseUrl}/`,
        maxPages: 50,
        maxDepth: 1,
        fetchPolicy: { allowHosts: [none.host] },
      });
      expect(b.map((p) => new URL(p.url).pathname)).toContain('/about');
      expect(none.requests).toContain('/private/secret');
    } finally {
      await mine.close();
      await none.close();
    }
  });

  // Fetches already sent when the crawl stops (at most `concurrency`, 4) may still reach the server;
  // nothing new may start afterwards.
  const settle = () => new Promise((r) => setTimeout(r, 150));

  it('stops when the signal aborts, and fetches nothing more', async () => {
    const controller = new AbortController();
    const pages: CrawledPage[] = [];
    let atAbort = 0;
    const error = await (async () => {
      for await (const page of crawlSite({
        url: `${site.baseUrl}/many/`,
        maxPages: 100,
        maxDepth: 1,
        fetchPolicy: policy(),
        signal: controller.signal,
      })) {
        pages.push(page);
        if (pages.length === 3) {
          atAbort = site.requests.length;
          controller.abort();
        }
      }
    })().catch((e: unknown) => e);
    expect((error as Error).name).toBe('AbortError');
    expect(pages).toHaveLength(3);
    await settle();
    const after = site.requests.length;
    expect(after - atAbort).toBeLessThanOrEqual(4);
    await settle();
    expect(site.requests.length).toBe(after);
  });

  it('cleans up when the consumer stops iterating early', async () => {
    const pages: CrawledPage[] = [];
    let atBreak = 0;
    for await (const page of crawlSite({
      url: `${site.baseUrl}/many/`,
      maxPages: 100,
      maxDepth: 1,
      fetchPolicy: policy(),
    })) {
      pages.push(page);
      atBreak = site.requests.length;
      if (pages.length === 2) break;
    }
    await settle();
    const after = site.requests.length;
    expect(after - atBreak).toBeLessThanOrEqual(4);
    await settle();
    expect(site.requests.length).toBe(after);
  });

  it.each([
    [{ maxPages: 0 }, 'maxPages must be a whole number of at least 1'],
    [{ maxPages: 2.5 }, 'maxPages must be a whole number of at least 1'],
    [{ maxDepth: -1 }, 'maxDepth must be a whole number of at least 0'],
  ])('refuses bad limits %o', async (limits, message) => {
    const error = await rejection(
      drain({ url: `${site.baseUrl}/`, maxPages: 5, maxDepth: 1, fetchPolicy: policy(), ...limits }),
    );
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toBe(message);
  });
});

describe('fetchPageAsMarkdown', () => {
  it('fetches one page as markdown', async () => {
    const page = await fetchPageAsMarkdown(`${site.baseUrl}/docs/getting-started`, { fetchPolicy: policy() });
    expect(page.title).toBe('Getting started');
    expect(page.markdown).toContain('This page explains getting started');
  });

  it('follows redirects and decodes gzip', async () => {
    const page = await fetchPageAsMarkdown(`${site.baseUrl}/redirect?to=/gzip`, { fetchPolicy: policy() });
    expect(page.url).toBe(`${site.baseUrl}/gzip`);
    expect(page.title).toBe('Compressed');
  });

  it('fails clearly on an error status, a non-HTML page and a refused address', async () => {
    expect((await rejection(fetchPageAsMarkdown(`${site.baseUrl}/missing`, { fetchPolicy: policy() }))).message).toBe(
      `Could not fetch ${site.baseUrl}/missing: the server answered HTTP 404`,
    );
    expect(
      (await rejection(fetchPageAsMarkdown(`${site.baseUrl}/file.pdf`, { fetchPolicy: policy() }))).details,
    ).toMatchObject({
      reason: 'content-type',
    });
    expect((await rejection(fetchPageAsMarkdown('http://192.168.1.1/'))).code).toBe('URL_NOT_ALLOWED');
  });
});
