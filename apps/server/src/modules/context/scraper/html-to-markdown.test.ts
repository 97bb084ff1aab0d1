import { describe, expect, it } from 'vitest';
import { APP_MESSAGES } from '@tessera/contracts';
import { HTML_MAX_CHARS, HTML_MAX_ELEMENTS, htmlToMarkdown, READABILITY_MAX_ELEMENTS } from './html-to-markdown';

const article = `<!doctype html><html><head><title>Pricing | Acme</title></head><body>
<nav><a href="/">Home</a> <a href="/login">Log in</a></nav>
<main><article>
  <h1>Pricing</h1>
  <p>Acme sells three plans. Each plan includes unlimited projects, email support and a generous free tier for small teams.</p>
  <h2>Plans</h2>
  <ul><li>Starter: $10 a month</li><li>Team: $30 a month</li></ul>
  <p>Read the <a href="faq#billing">billing FAQ</a> or <a href="https://other.test/x" rel="nofollow">a partner</a>, then pick the plan that fits your team best.</p>
  <pre><code>curl https://acme.test/api</code></pre>
  <img src="chart.png" alt="chart"><script>track()</script>
</article></main>
<footer>© Acme</footer></body></html>`;

describe('htmlToMarkdown', () => {
  it('keeps the main article as markdown with absolute links, without scripts, images or navigation', () => {
    const page = htmlToMarkdown(article, 'https://acme.test/pricing/');
    expect(page.title).toBe('Pricing | Acme');
    expect(page.markdown).toContain('Acme sells three plans.');
    expect(page.markdown).toMatch(/^## Plans$/m);
    expect(page.markdown).toMatch(/^- +Starter: \$10 a month$/m);
    expect(page.markdown).toContain('[billing FAQ](https://acme.test/pricing/faq#billing)');
    expect(page.markdown).toContain('```\ncurl https://acme.test/api\n```');
    expect(page.markdown).not.toContain('track()');
    expect(page.markdown).not.toContain('chart.png');
    expect(page.markdown).not.toContain('Log in');
    expect(page.markdown).not.toMatch(/\n{3,}/);
  });

  it('lists followable links: absolute, without fragments, deduplicated, nofollow left out', () => {
    const page = htmlToMarkdown(article, 'https://acme.test/pricing/');
    expect(page.links).toEqual(['https://acme.test/', 'https://acme.test/login', 'https://acme.test/pricing/faq']);
  });

  it('resolves links against <base href>', () => {
    const page = htmlToMarkdown(
      '<html><head><base href="https://acme.test/docs/"></head><body><a href="intro">Intro</a></body></html>',
      'https://acme.test/x',
    );
    expect(page.links).toEqual(['https://acme.test/docs/intro']);
  });

  it('falls back to the body text when there is no article', () => {
    const page = htmlToMarkdown(
      '<div>Just a line of text.</div><nav>menu</nav><script>x()</script>',
      'https://acme.test/',
    );
    expect(page.markdown).toContain('Just a line of text.');
    expect(page.markdown).not.toContain('x()');
    expect(page.title).toBe('');
  });

  it(
    'converts a very large page from its body, without Readability (whose cost grows too fast)',
    { timeout: 30_000 },
    () => {
      const items = Math.ceil(READABILITY_MAX_ELEMENTS / 3) + 10;
      const rows = Array.from(
        { length: items },
        (_, i) => `<div><b>Item ${i}</b><span> costs ${i} EUR</span></div>`,
      ).join('');
      const page = htmlToMarkdown(
        `<html><head><title>Catalogue</title></head><body><nav>Menu</nav><h1>Catalogue</h1>${rows}</body></html>`,
        'https://acme.test/',
      );
      // Readability would have turned the h1 into the title and dropped it; the body conversion keeps it.
      expect(page.markdown.startsWith('# Catalogue')).toBe(true);
      expect(page.markdown).toContain(`**Item ${items - 1}** costs ${items - 1} EUR`);
      expect(page.markdown).not.toContain('Menu');
      expect(page.title).toBe('Catalogue');
    },
  );

  it('reads robots meta tags', () => {
    const page = htmlToMarkdown(
      '<html><head><meta name="robots" content="noindex, nofollow"></head><body><a href="/a">a</a></body></html>',
      'https://acme.test/',
    );
    expect(page.noindex).toBe(true);
    expect(page.nofollow).toBe(true);
    expect(htmlToMarkdown('<p>hi</p>', 'https://acme.test/').nofollow).toBe(false);
  });

  it('gives empty text for an empty or malformed document instead of throwing', () => {
    expect(htmlToMarkdown('', 'https://acme.test/').markdown).toBe('');
    expect(htmlToMarkdown('<html><body><p>unclosed <b>bold <i>text', 'https://acme.test/').markdown).toContain(
      'unclosed',
    );
  });

  it('refuses, before parsing, a page over its size or element cap', () => {
    const elements = `<html><body>${'<i>x</i>'.repeat(HTML_MAX_ELEMENTS)}</body></html>`;
    expect(() => htmlToMarkdown(elements, 'https://acme.test/')).toThrow(
      APP_MESSAGES.pageTooManyElements.replace('{n}', '50,000'),
    );
    // "<" before anything but a letter starts no element.
    const comparisons = `<p>${' 1 < 2 '.repeat(HTML_MAX_ELEMENTS + 1)}</p>`;
    expect(htmlToMarkdown(comparisons, 'https://acme.test/').markdown).toContain('1 < 2');
    expect(() => htmlToMarkdown(`<p>${'a'.repeat(HTML_MAX_CHARS)}</p>`, 'https://acme.test/')).toThrow(
      APP_MESSAGES.pageTooLarge.replace('{size}', '2 MB'),
    );
  });
});
