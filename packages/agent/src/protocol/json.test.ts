import { describe, expect, it } from 'vitest';
import { parseLenientJson, repairJson } from './json';

describe('parseLenientJson', () => {
  it('parses plain JSON without repair', () => {
    expect(parseLenientJson('{ "a": [1, 2] }')).toEqual({ ok: true, value: { a: [1, 2] }, repaired: false });
  });

  it('repairs comments and trailing commas, leaving strings alone', () => {
    const text =
      '{\n  "url": "http://x.y/*not a comment*/", // line\n  "list": [1, 2, /* c */ ],\n  /* block */ "s": "a, }",\n}';
    expect(parseLenientJson(text)).toEqual({
      ok: true,
      value: { url: 'http://x.y/*not a comment*/', list: [1, 2], s: 'a, }' },
      repaired: true,
    });
    expect(repairJson('[1,\n// last\n]')).toBe('[1\n\n]');
  });

  it('finds the JSON inside prose or a fence', () => {
    expect(parseLenientJson('Here it is:\n```json\n[{ "a": 1 },]\n```\nDone.')).toMatchObject({
      ok: true,
      value: [{ a: 1 }],
    });
    expect(parseLenientJson('The schema: { "type": "object" } as asked')).toMatchObject({
      ok: true,
      value: { type: 'object' },
    });
  });

  it('refuses what is not JSON, with the parser error', () => {
    const r = parseLenientJson("{ name: 'x' }");
    expect(r.ok).toBe(false);
    expect(parseLenientJson('  ')).toEqual({ ok: false, error: 'the JSON block is empty' });
  });

  it('stays linear on many commented lines', () => {
    const text = `{${Array.from({ length: 20000 }, (_, i) => `"k${i}": ${i}, // n`).join('\n')}\n}`;
    const r = parseLenientJson(text);
    expect(r.ok && Object.keys(r.value as object)).toHaveLength(20000);
  });
});
