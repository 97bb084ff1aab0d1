import { describe, expect, it } from 'vitest';
import { isSameSite, looksLikeFile, normalizeUrl } from './urls';

describe('crawler URLs', () => {
  it('normalises links: resolved, fragment and credentials dropped, host lower-cased, default port removed', () => {
    expect(normalizeUrl('../about#team', 'https://Example.com/blog/post')).toBe('https://example.com/about');
    expect(normalizeUrl('HTTPS://EXAMPLE.com:443/a?', 'https://example.com/')).toBe('https://example.com/a');
    expect(normalizeUrl('https://user:pw@example.com/x?b=1', 'https://example.com/')).toBe('https://example.com/x?b=1');
    expect(normalizeUrl('  /spaced  ', 'https://example.com/')).toBe('https://example.com/spaced');
  });

  it('drops links that are not http(s) pages', () => {
    for (const href of [
      'mailto:a@b.c',
      'javascript:void(0)',
      'tel:123',
      'ftp://x/y',
      'data:text/plain,hi',
      'http://[bad',
    ]) {
      expect(normalizeUrl(href, 'https://example.com/')).toBeNull();
    }
  });

  it('keeps the crawl on the start host, its subdomains and its www twin', () => {
    const start = new URL('https://www.example.com/');
    expect(isSameSite(new URL('http://example.com/a'), start)).toBe(true);
    expect(isSameSite(new URL('https://docs.example.com/a'), start)).toBe(true);
    expect(isSameSite(new URL('https://example.com.evil.test/'), start)).toBe(false);
    expect(isSameSite(new URL('https://notexample.com/'), start)).toBe(false);
    expect(isSameSite(new URL('https://example.org/'), start)).toBe(false);
    expect(isSameSite(new URL('https://example.com:8443/'), start)).toBe(false);
  });

  it('treats an IP host as its own site and matches explicit ports', () => {
    const start = new URL('http://127.0.0.1:4000/');
    expect(isSameSite(new URL('http://127.0.0.1:4000/x'), start)).toBe(true);
    expect(isSameSite(new URL('http://127.0.0.1:4001/x'), start)).toBe(false);
    expect(isSameSite(new URL('http://localhost:4000/x'), start)).toBe(false);
  });

  it('recognises file links by extension', () => {
    expect(looksLikeFile(new URL('https://x.test/report.PDF'))).toBe(true);
    expect(looksLikeFile(new URL('https://x.test/logo.png?v=2'))).toBe(true);
    expect(looksLikeFile(new URL('https://x.test/docs/'))).toBe(false);
    expect(looksLikeFile(new URL('https://x.test/page.html'))).toBe(false);
  });
});
