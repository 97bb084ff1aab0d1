import { describe, expect, it } from 'vitest';
import { globMatch, parseRobots } from './robots';

describe('robots.txt', () => {
  it('applies the * group when no group names Tessera', () => {
    const rules = parseRobots('User-agent: *\nDisallow: /private\n\nUser-agent: OtherBot\nDisallow: /\n');
    expect(rules.isAllowed('/')).toBe(true);
    expect(rules.isAllowed('/about')).toBe(true);
    expect(rules.isAllowed('/private')).toBe(false);
    expect(rules.isAllowed('/private/secret')).toBe(false);
    expect(rules.isAllowed('/privateer')).toBe(false);
  });

  it('prefers the Tessera group (case-insensitive, merged when repeated) over *', () => {
    const text = [
      'User-agent: *',
      'Disallow: /',
      '',
      'User-agent: tessera',
      'Disallow: /drafts',
      '',
      'User-agent: TESSERA/1.0',
      'Disallow: /tmp',
    ].join('\n');
    const rules = parseRobots(text);
    expect(rules.isAllowed('/docs')).toBe(true);
    expect(rules.isAllowed('/drafts/1')).toBe(false);
    expect(rules.isAllowed('/tmp/x')).toBe(false);
  });

  it('shares one group between consecutive user-agent lines', () => {
    const rules = parseRobots('User-agent: Googlebot\nUser-agent: Tessera\nDisallow: /shared\n');
    expect(rules.isAllowed('/shared/page')).toBe(false);
  });

  it('lets the longest match win, and Allow win a tie', () => {
    const rules = parseRobots(
      'User-agent: *\nDisallow: /docs\nAllow: /docs/public\nDisallow: /docs/public/secret\nAllow: /tie\nDisallow: /tie\n',
    );
    expect(rules.isAllowed('/docs/page')).toBe(false);
    expect(rules.isAllowed('/docs/public/page')).toBe(true);
    expect(rules.isAllowed('/docs/public/secret/x')).toBe(false);
    expect(rules.isAllowed('/tie')).toBe(true);
  });

  it('understands * and $ in patterns, and matches the query too', () => {
    const rules = parseRobots('User-agent: *\nDisallow: /*.json$\nDisallow: /search?*q=\nDisallow: /a/*/edit\n');
    expect(rules.isAllowed('/data.json')).toBe(false);
    expect(rules.isAllowed('/data.json?x=1')).toBe(true);
    expect(rules.isAllowed('/search?page=2&q=cats')).toBe(false);
    expect(rules.isAllowed('/search')).toBe(true);
    expect(rules.isAllowed('/a/42/edit')).toBe(false);
    expect(rules.isAllowed('/a/42/view')).toBe(true);
  });

  it('ignores comments, empty Disallow, unknown keys and rules before any user-agent', () => {
    const rules = parseRobots(
      'Disallow: /orphan\n# comment\nUser-agent: * # all\nDisallow:\nCrawl-delay: 10\nSitemap: https://x/s.xml\n',
    );
    expect(rules.isAllowed('/orphan')).toBe(true);
    expect(rules.isAllowed('/anything')).toBe(true);
  });

  it('compares percent-encoded and plain paths alike', () => {
    const rules = parseRobots('User-agent: *\nDisallow: /café\n');
    expect(rules.isAllowed('/caf%C3%A9/menu')).toBe(false);
  });

  it('always allows /robots.txt itself and allows everything for an empty file', () => {
    expect(parseRobots('User-agent: *\nDisallow: /\n').isAllowed('/robots.txt')).toBe(true);
    expect(parseRobots('').isAllowed('/x')).toBe(true);
  });

  it('matches wildcards without catastrophic backtracking', () => {
    const hostile = `/${'*a'.repeat(40)}b`;
    const path = `/${'a'.repeat(5000)}`;
    const started = Date.now();
    expect(globMatch(hostile, path)).toBe(false);
    expect(Date.now() - started).toBeLessThan(500);
    expect(globMatch('/a*c', '/abbbc')).toBe(true);
    expect(globMatch('/a*c', '/abbbcd')).toBe(false);
  });
});
