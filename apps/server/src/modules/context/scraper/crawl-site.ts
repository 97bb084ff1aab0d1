import { AppError } from '../../../platform/errors';
import { isOutboundError, parseFetchUrl, safeFetch, type FetchPolicy } from '../../../platform/outbound';
import { parsePool } from '../parse-pool';
import { ALLOW_ALL, DISALLOW_ALL, parseRobots, type RobotsRules } from './robots';
import { isSameSite, looksLikeFile, normalizeUrl } from './urls';

/** One page the crawler kept. */
export interface CrawledPage {
  /** The page's URL after redirects. */
  url: string;
  title: string;
  markdown: string;
  /** Links followed from the start page to reach it (the start page is 0). */
  depth: number;
}

/** Reported after each page is fetched or skipped. */
export interface CrawlProgress {
  /** Pages yielded so far. */
  done: number;
  /** Pages waiting or being fetched. */
  queued: number;
  /** The page just handled. */
  url: string;
  /** Why that page was not kept (robots.txt, HTTP 404, timeout, not HTML, ...), when it was not. */
  skipped?: string;
}

export interface CrawlOptions {
  /** Where to start; only http(s). */
  url: string;
  /** Most pages to yield (plan limit: 20 / 50 / 100). */
  maxPages: number;
  /** Most links to follow from the start page (plan limit: 2 on lite, 3 otherwise). */
  maxDepth: number;
  /** Stops the crawl; the generator then throws the signal's reason. */
  signal?: AbortSignal;
  onProgress?: (progress: CrawlProgress) => void;
  /** Outbound policy; tests pass their loopback allowance here. Production passes nothing. */
  fetchPolicy?: FetchPolicy;
  /** Budget of one page, redirects included. Default 15 s. */
  pageTimeoutMs?: number;
  /** Largest page accepted (decompressed). Default 2 MiB, what the converter accepts (HTML_MAX_CHARS). */
  maxPageBytes?: number;
  /** Pages fetched at the same time. Default 4. */
  concurrency?: number;
}

const DEFAULTS = { pageTimeoutMs: 15_000, maxPageBytes: 2 * 1024 * 1024, concurrency: 4 };
const HTML_TYPES = ['text/html', 'application/xhtml+xml'] as const;
// robots.txt can be long; RFC 9309 asks crawlers to read at least 500 KiB of it.
const ROBOTS_MAX_BYTES = 512 * 1024;

type Entry = { url: string; depth: number };
type Outcome = { page: CrawledPage | null; links: string[]; finalUrl: string; skipped?: string };

const checkLimit = (name: string, value: number, min: number) => {
  if (!Number.isInteger(value) || value < min)
    throw new AppError('VALIDATION_FAILED', `${name} must be a whole number of at least ${min}`);
};

/**
 * Crawls a site breadth-first from `url` and yields its HTML pages as markdown: same-site links
 * only (normalised, without fragments, each page once), at most `maxDepth` links deep and
 * `maxPages` pages, obeying robots.txt (groups `Tessera` and `*`), each page fetched through
 * `safeFetch` with its own timeout and size cap. A start page that cannot be fetched throws its
 * AppError (a refused address is `URL_NOT_ALLOWED`); later pages that fail are skipped and reported
 * through `onProgress`.
 */
export async function* crawlSite(options: CrawlOptions): AsyncGenerator<CrawledPage, void, undefined> {
  checkLimit('maxPages', options.maxPages, 1);
  checkLimit('maxDepth', options.maxDepth, 0);
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? DEFAULTS.concurrency));
  // Refuses non-http(s) and garbage with the outbound error; then the canonical form (no fragment
  // or credentials) so the start page is not crawled twice.
  const start = new URL(normalizeUrl(parseFetchUrl(options.url).href, options.url)!);
  options.signal?.throwIfAborted();

  // In-flight fetches stop with the caller's signal, and when the consumer stops iterating.
  const stop = new AbortController();
  const onAbort = () => stop.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });

  const robotsByOrigin = new Map<string, Promise<LoadedRobots>>();
  const fetchOptions = {
    timeoutMs: options.pageTimeoutMs ?? DEFAULTS.pageTimeoutMs,
    maxBytes: options.maxPageBytes ?? DEFAULTS.maxPageBytes,
    policy: options.fetchPolicy,
    signal: stop.signal,
  };

  const robotsFor = (origin: string): Promise<LoadedRobots> => {
    let rules = robotsByOrigin.get(origin);
    if (!rules) {
      rules = loadRobots(origin, { ...fetchOptions, maxBytes: ROBOTS_MAX_BYTES });
      robotsByOrigin.set(origin, rules);
    }
    return rules;
  };

  let site = start;
  const fetchOne = async (entry: Entry, isStart: boolean): Promise<Outcome> => {
    const url = new URL(entry.url);
    const robots = await robotsFor(url.origin);
    if (!robots.rules.isAllowed(`${url.pathname}${url.search}`)) {
      const message = robots.problem
        ? `Could not read ${url.origin}/robots.txt (${robots.problem}), so the site is not crawled`
        : `The site's robots.txt does not allow crawling ${url.href}`;
      if (isStart) throw new AppError('FETCH_FAILED', message, { reason: 'robots', url: url.href });
      return {
        page: null,
        links: [],
        finalUrl: url.href,
        skipped: robots.problem ? message : 'disallowed by robots.txt',
      };
    }
    const res = await safeFetch(url, {
      ...fetchOptions,
      allowedContentTypes: HTML_TYPES,
      // The start page may redirect anywhere public (example.com -> www.example.com); the site is
      // wherever it lands. Later pages may not lead the crawl off the site.
      followRedirect: isStart ? undefined : (to) => isSameSite(to, site),
    });
    if (!res.ok) {
      const why = res.status >= 300 && res.status < 400 ? 'redirects off the site' : `HTTP ${res.status}`;
      if (isStart)
        throw new AppError('FETCH_FAILED', `Could not fetch ${url.href}: the server answered ${why}`, {
          reason: 'status',
          status: res.status,
          url: url.href,
        });
      return { page: null, links: [], finalUrl: res.url, skipped: why };
    }
    // Converted in the parse worker: a page that is too large or complex fails alone.
    const converted = await parsePool.htmlToMarkdown(res.text(), res.url);
    const links = converted.nofollow ? [] : converted.links;
    if (converted.noindex) return { page: null, links, finalUrl: res.url, skipped: 'noindex' };
    if (!converted.markdown) return { page: null, links, finalUrl: res.url, skipped: 'no text' };
    const title = converted.title || new URL(res.url).pathname;
    return {
      page: { url: res.url, title, markdown: converted.markdown, depth: entry.depth },
      links,
      finalUrl: res.url,
    };
  };

  const seen = new Set<string>([start.href]);
  const kept = new Set<string>();
  const queue: Entry[] = [];
  const inFlight: { entry: Entry; outcome: Promise<Outcome | { error: unknown }> }[] = [];
  let done = 0;
  // Skipped pages cost requests too: bound the attempts so a site of broken links ends the crawl.
  let attemptsLeft = options.maxPages * 3 + 10;

  const report = (url: string, skipped?: string) =>
    options.onProgress?.({ done, queued: queue.length + inFlight.length, url, ...(skipped ? { skipped } : {}) });

  const enqueue = (links: string[], depth: number) => {
    if (depth > options.maxDepth) return;
    for (const link of links) {
      const href = normalizeUrl(link, site);
      if (!href || seen.has(href)) continue;
      const url = new URL(href);
      if (!isSameSite(url, site) || looksLikeFile(url)) continue;
      seen.add(href);
      queue.push({ url: href, depth });
    }
  };

  const keep = (outcome: Outcome): CrawledPage | null => {
    // Two links that redirect to one page give it once.
    if (!outcome.page || kept.has(outcome.finalUrl)) return null;
    kept.add(outcome.finalUrl);
    seen.add(outcome.finalUrl);
    done++;
    return outcome.page;
  };

  try {
    const first = await fetchOne({ url: start.href, depth: 0 }, true);
    site = new URL(first.finalUrl);
    const firstPage = keep(first);
    enqueue(first.links, 1);
    report(first.finalUrl, firstPage ? undefined : first.skipped);
    if (firstPage) yield firstPage;

    while (done < options.maxPages) {
      options.signal?.throwIfAborted();
      while (inFlight.length < concurrency && queue.length > 0 && attemptsLeft > 0) {
        const entry = queue.shift()!;
        attemptsLeft--;
        inFlight.push({ entry, outcome: fetchOne(entry, false).catch((error: unknown) => ({ error })) });
      }
      const head = inFlight.shift();
      if (!head) break;
      const outcome = await head.outcome;
      options.signal?.throwIfAborted();
      if ('error' in outcome) {
        // One broken page does not end the crawl; its reason goes to the progress report.
        report(head.entry.url, outcome.error instanceof Error ? outcome.error.message : String(outcome.error));
        continue;
      }
      const page = keep(outcome);
      enqueue(outcome.links, head.entry.depth + 1);
      report(outcome.finalUrl, page ? undefined : (outcome.skipped ?? 'already crawled'));
      if (page) yield page;
    }
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    stop.abort(new Error('crawl finished'));
    // Let the aborted fetches settle so no socket outlives the crawl.
    await Promise.allSettled(inFlight.map((f) => f.outcome));
  }
}

/** robots.txt of an origin; `problem` says why it could not be read when that made it disallow everything. */
type LoadedRobots = { rules: RobotsRules; problem?: string };

async function loadRobots(origin: string, fetchOptions: Parameters<typeof safeFetch>[1]): Promise<LoadedRobots> {
  try {
    const res = await safeFetch(`${origin}/robots.txt`, fetchOptions);
    if (res.ok) return { rules: parseRobots(res.text()) };
    // RFC 9309: 4xx means there are no rules; 5xx means the site is unavailable — crawl nothing.
    if (res.status >= 400 && res.status < 500) return { rules: ALLOW_ALL };
    return { rules: DISALLOW_ALL, problem: `it answered HTTP ${res.status}` };
  } catch (error) {
    // A refused address is the page's own answer too: the page fetch reports it.
    if (isOutboundError(error) && error.code === 'URL_NOT_ALLOWED') return { rules: ALLOW_ALL };
    // Over 512 KiB is not a robots.txt anyone wrote by hand; treat it as absent.
    if (isOutboundError(error, 'too-large')) return { rules: ALLOW_ALL };
    if (isOutboundError(error)) return { rules: DISALLOW_ALL, problem: error.message };
    throw error;
  }
}

/** Fetches one web page and converts it to markdown (no robots.txt: a single page asked for by a user, like a browser). */
export async function fetchPageAsMarkdown(
  url: string,
  options: { signal?: AbortSignal; fetchPolicy?: FetchPolicy; timeoutMs?: number; maxBytes?: number } = {},
): Promise<{ url: string; title: string; markdown: string }> {
  const res = await safeFetch(url, {
    timeoutMs: options.timeoutMs ?? DEFAULTS.pageTimeoutMs,
    maxBytes: options.maxBytes ?? DEFAULTS.maxPageBytes,
    allowedContentTypes: HTML_TYPES,
    policy: options.fetchPolicy,
    signal: options.signal,
  });
  if (!res.ok)
    throw new AppError('FETCH_FAILED', `Could not fetch ${res.url}: the server answered HTTP ${res.status}`, {
      reason: 'status',
      status: res.status,
      url: res.url,
    });
  const page = await parsePool.htmlToMarkdown(res.text(), res.url);
  return { url: res.url, title: page.title || new URL(res.url).pathname, markdown: page.markdown };
}
