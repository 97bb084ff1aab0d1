import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

export interface FakeSiteOptions {
  /** How long `/slow` waits before answering. Default 5000 ms. */
  slowMs?: number;
  /** Bytes `/huge` streams. Default 20 MiB. */
  hugeBytes?: number;
  /** Pages linked from `/many/`. Default 120. */
  manyPages?: number;
  /** Where `/redirect-private` points. Default the cloud metadata endpoint. */
  privateRedirectTarget?: string;
  /** Replaces robots.txt: another body, or an error status (500 = "unreachable" to a crawler). */
  robots?: { status?: number; body?: string };
}

export interface FakeSite {
  /** `http://127.0.0.1:{port}` */
  baseUrl: string;
  /** `127.0.0.1:{port}`: the fetch allowance tests pass (`allowHosts: [site.host]`). */
  host: string;
  port: number;
  /** Every request path (with query) in arrival order, robots.txt included. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * The pages of the site by depth from `/`, for assertions. Depth 0 `/`; 1 `/about`, `/docs/`,
 * `/blog/`; 2 `/docs/getting-started`, `/docs/guides/`, `/blog/first-post`; 3
 * `/docs/guides/advanced`; 4 `/docs/guides/advanced/internals`. `/private/secret` is linked from `/`
 * but disallowed by robots.txt.
 */
export const FAKE_SITE_TREE: Record<string, number> = {
  '/': 0,
  '/about': 1,
  '/docs/': 1,
  '/blog/': 1,
  '/docs/getting-started': 2,
  '/docs/guides/': 2,
  '/blog/first-post': 2,
  '/docs/guides/advanced': 3,
  '/docs/guides/advanced/internals': 4,
};

const ROBOTS = ['# Crawlers may read everything but /private', 'User-agent: *', 'Disallow: /private', ''].join('\n');

const page = (title: string, paragraphs: string[], links: string[] = []) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body>
<nav><a href="/">Home</a></nav>
<main><article><h1>${title}</h1>
${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}
<ul>${links.map((l) => `<li><a href="${l}">${l}</a></li>`).join('')}</ul>
</article></main>
<footer>Fake site footer</footer></body></html>`;

const prose = (topic: string) => [
  `This page explains ${topic} in enough words for a readability parser to treat it as the main content of the page, which needs a few sentences.`,
  `Tessera reads ${topic} from this fake site, turns the article into markdown and keeps the headings, paragraphs and lists intact for retrieval later.`,
  `A third paragraph about ${topic} makes sure the article is long enough, with commas, periods, and plain words that score as readable text.`,
];

/**
 * A small web site on loopback for scraper and outbound-fetch tests: nested pages (see
 * `FAKE_SITE_TREE`), a robots.txt disallowing `/private`, off-site links, and trap pages under
 * `/traps/` — a slow page, a huge page, a redirect to a private address, a PDF, a 404, a gzip page,
 * a page with no article, and a link to `internal.site.test` (a subdomain when the site is reached
 * as `site.test`). `/many/` links `manyPages` pages; `/redirect?to=` and
 * `/chain/{n}` redirect; `/headers` echoes the request headers and `/echo` the method and body as JSON; `/bomb` is a small gzip body that inflates to `hugeBytes`.
 */
export async function startFakeSite(options: FakeSiteOptions = {}): Promise<FakeSite> {
  const slowMs = options.slowMs ?? 5000;
  const hugeBytes = options.hugeBytes ?? 20 * 1024 * 1024;
  const manyPages = options.manyPages ?? 120;
  const privateTarget = options.privateRedirectTarget ?? 'http://169.254.169.254/latest/meta-data/';
  const requests: string[] = [];
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let bomb: Buffer | null = null;
  let port = 0;

  const html = (res: ServerResponse, body: string, status = 200) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body);
  };
  const redirect = (res: ServerResponse, location: string, status = 302) => {
    res.writeHead(status, { location });
    res.end();
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake-site');
    const path = url.pathname;
    requests.push(`${path}${url.search}`);

    if (path === '/robots.txt') {
      res.writeHead(options.robots?.status ?? 200, { 'content-type': 'text/plain' });
      return res.end(options.robots?.body ?? ROBOTS);
    }
    if (path === '/' || path === '/index.html') {
      return html(
        res,
        page('Home', prose('the home page'), [
          '/about',
          '/about#team',
          'docs/',
          '/blog/',
          '/private/secret',
          `http://localhost:${port}/offsite`,
          'http://offsite.invalid/page',
          'mailto:hello@example.com',
          'javascript:void(0)',
          '/',
        ]),
      );
    }
    if (path === '/about') return html(res, page('About', prose('the team')));
    if (path === '/docs/') return html(res, page('Docs', prose('the documentation'), ['getting-started', 'guides/']));
    if (path === '/docs/getting-started') return html(res, page('Getting started', prose('getting started')));
    if (path === '/docs/guides/') return html(res, page('Guides', prose('the guides'), ['advanced']));
    if (path === '/docs/guides/advanced')
      return html(res, page('Advanced', prose('advanced use'), ['advanced/internals']));
    if (path === '/docs/guides/advanced/internals') return html(res, page('Internals', prose('the internals')));
    if (path === '/blog/') return html(res, page('Blog', prose('the blog'), ['first-post', '../about']));
    if (path === '/blog/first-post') return html(res, page('First post', prose('the first post')));
    if (path === '/private/secret') return html(res, page('Secret', prose('a secret')));
    if (path === '/offsite') return html(res, page('Off site', prose('another site')));

    if (path === '/many/') {
      const links = Array.from({ length: manyPages }, (_, i) => `/many/${i + 1}`);
      return html(res, page('Many pages', prose('a long list'), links));
    }
    const many = /^\/many\/(\d+)$/.exec(path);
    if (many) return html(res, page(`Page ${many[1]}`, prose(`item number ${many[1]}`)));

    if (path === '/traps/') {
      return html(
        res,
        page('Traps', prose('pages that misbehave'), [
          '/slow',
          '/huge',
          '/redirect-private',
          '/file.pdf',
          '/missing',
          '/gzip',
          '/plain',
          '/about',
          // Same-site only for a crawl started at site.test (tests resolve that name themselves).
          `http://internal.site.test:${port}/about`,
        ]),
      );
    }
    if (path === '/slow') {
      const t = setTimeout(() => {
        timers.delete(t);
        html(res, page('Slow', prose('patience')));
      }, slowMs);
      timers.add(t);
      res.on('close', () => {
        clearTimeout(t);
        timers.delete(t);
      });
      return;
    }
    if (path === '/huge') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<!doctype html><html><body><p>');
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let sent = 0;
      let closed = false;
      res.on('close', () => (closed = true));
      const pump = () => {
        while (!closed && sent < hugeBytes) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        if (!closed) res.end('</p></body></html>');
      };
      return pump();
    }
    if (path === '/bomb') {
      bomb ??= gzipSync(Buffer.alloc(hugeBytes, ' '));
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip', 'content-length': bomb.length });
      return res.end(bomb);
    }
    if (path === '/gzip') {
      const body = gzipSync(page('Compressed', prose('compression')));
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-encoding': 'gzip',
        'content-length': body.length,
      });
      return res.end(body);
    }
    if (path === '/plain') {
      return html(
        res,
        '<!doctype html><html><head><title>Plain</title></head><body><div>Just a line of text.</div><div>And another.</div></body></html>',
      );
    }
    if (path === '/file.pdf') {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      return res.end('%PDF-1.4\n%fake\n');
    }
    if (path === '/echo') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c));
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ method: req.method, body }));
      });
      return;
    }
    if (path === '/headers') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(req.headers));
    }
    if (path === '/redirect-private') return redirect(res, privateTarget);
    if (path === '/redirect') return redirect(res, url.searchParams.get('to') ?? '/');
    const chain = /^\/chain\/(\d+)$/.exec(path);
    if (chain) {
      const n = Number(chain[1]);
      return n > 0 ? redirect(res, `/chain/${n - 1}`) : html(res, page('End of chain', prose('redirects')));
    }
    return html(res, page('Not found', ['Nothing here.']), 404);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
