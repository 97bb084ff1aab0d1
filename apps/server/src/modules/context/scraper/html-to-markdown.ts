import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';
import { APP_MESSAGES } from '@tessera/contracts';
import { formatFileSize } from '@tessera/contracts/plans';
import { AppError } from '../../../platform/errors';
import { normalizeUrl } from './urls';

/** An HTML page reduced to what the data source keeps. */
export interface ConvertedPage {
  /** The article's title, else the document's `<title>`, else empty. */
  title: string;
  /** The main content as markdown; empty when the page has no text. */
  markdown: string;
  /** Every http(s) link on the page, absolute and without fragment, in document order, deduplicated. */
  links: string[];
  /** `<meta name="robots">`: noindex (do not keep the text) and nofollow (do not follow the links). */
  noindex: boolean;
  nofollow: boolean;
}

const turndown = new TurndownService({
  headingStyle: 'atx',
  codeBlockStyle: 'fenced',
  bulletListMarker: '-',
  emDelimiter: '_',
});
// Never text: code, styles, embedded media (their URLs would only add noise to retrieval). Not
// forms: some sites (ASP.NET WebForms) wrap the whole page in one.
const NOT_TEXT =
  'script, style, noscript, template, iframe, object, embed, svg, canvas, img, picture, video, audio, button';
// Page chrome, dropped only when there is no article and the whole body is used.
const CHROME = 'nav, header, footer, aside';

/** Characters of HTML converted at most (the crawler's fetch cap is 2 MiB too). */
export const HTML_MAX_CHARS = 2 * 1024 * 1024;
/**
 * Elements (start tags) a page may have to be converted at all: a long article has 10-30k, and
 * 100k bare elements took ~5 s to convert on a busy 2-core machine (the page time limit is 10 s).
 */
export const HTML_MAX_ELEMENTS = 50_000;

/** Elements beyond which Readability is skipped for the plain body conversion. */
export const READABILITY_MAX_ELEMENTS = 8000;

const tidy = (markdown: string) =>
  markdown
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

// The server compiles without the DOM lib; this is the slice of linkedom's element we use.
interface DomElement {
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
  remove(): void;
  textContent: string | null;
  innerHTML: string;
}
interface DomRoot {
  querySelectorAll(selector: string): unknown;
}
const all = (root: DomRoot, selector: string) => Array.from(root.querySelectorAll(selector) as ArrayLike<DomElement>);

const collapse = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/**
 * Converts an HTML document to markdown: Mozilla Readability picks the main content (linkedom as
 * the DOM), turndown writes it as markdown, and when Readability finds nothing the body's text is
 * used instead. Links come out absolute, resolved against `pageUrl` (or the page's `<base href>`).
 * Pages over `HTML_MAX_CHARS` or `HTML_MAX_ELEMENTS` are refused with an AppError. The crawler runs
 * this in the parse pool's worker (../parse-pool.ts).
 */
/** Refuses, before any parsing, a page too large or with too many elements to convert (plain words). */
function checkSize(html: string) {
  if (html.length > HTML_MAX_CHARS)
    throw new AppError('BAD_REQUEST', APP_MESSAGES.pageTooLarge.replace('{size}', formatFileSize(HTML_MAX_CHARS)));
  let elements = 0;
  for (let at = html.indexOf('<'); at !== -1; at = html.indexOf('<', at + 1)) {
    const next = html.charCodeAt(at + 1) | 0x20; // lower case
    if (next >= 0x61 && next <= 0x7a && ++elements > HTML_MAX_ELEMENTS)
      throw new AppError(
        'BAD_REQUEST',
        APP_MESSAGES.pageTooManyElements.replace('{n}', HTML_MAX_ELEMENTS.toLocaleString('en-US')),
      );
  }
}

export function htmlToMarkdown(html: string, pageUrl: string): ConvertedPage {
  checkSize(html);
  // linkedom needs a full document to give it a body.
  const source = /<html[\s>]/i.test(html) ? html : `<!doctype html><html><head></head><body>${html}</body></html>`;
  const { document } = parseHTML(source);

  const baseHref = all(document, 'base[href]')[0]?.getAttribute('href');
  const base = (baseHref && normalizeUrl(baseHref, pageUrl)) || pageUrl;

  const robotsMeta = all(document, 'meta[name]')
    .filter((m) => /^(robots|tessera)$/i.test(m.getAttribute('name') ?? ''))
    .map((m) => (m.getAttribute('content') ?? '').toLowerCase())
    .join(',');
  const noindex = /\b(noindex|none)\b/.test(robotsMeta);
  const nofollow = /\b(nofollow|none)\b/.test(robotsMeta);

  const links = new Set<string>();
  for (const a of all(document, 'a[href]')) {
    const raw = a.getAttribute('href') ?? '';
    const href = normalizeUrl(raw, base);
    if (href) {
      if (!/\bnofollow\b/i.test(a.getAttribute('rel') ?? '')) links.add(href);
      // Absolute links keep their meaning once the markdown leaves the page.
      a.setAttribute('href', new URL(raw.trim(), base).href);
    } else a.removeAttribute('href');
  }
  for (const el of all(document, NOT_TEXT)) el.remove();

  const documentTitle = collapse(all(document, 'title')[0]?.textContent);
  let title = documentTitle;
  let markdown = '';
  // Readability's cost grows faster than the page on linkedom: past this many elements the body
  // conversion below, which is linear, is used instead.
  const elements = (document.querySelectorAll('*') as ArrayLike<unknown>).length;
  if (elements <= READABILITY_MAX_ELEMENTS) {
    try {
      // Readability edits the DOM it reads: it gets a copy, the original stays for the fallback.
      const copy = document.cloneNode(true) as unknown as ConstructorParameters<typeof Readability>[0];
      const article = new Readability(copy).parse();
      if (article?.content && collapse(article.textContent)) {
        markdown = tidy(turndown.turndown(article.content));
        title = collapse(article.title) || documentTitle;
      }
    } catch {
      // A page Readability cannot handle still has its body text, below.
    }
  }
  if (!markdown) {
    for (const el of all(document, CHROME)) el.remove();
    const body = (document.body ?? document.documentElement) as unknown as DomElement | null;
    markdown = tidy(turndown.turndown(body?.innerHTML ?? ''));
    if (!markdown) markdown = collapse(body?.textContent);
  }

  return { title, markdown, links: [...links], noindex, nofollow };
}
