import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createActionStream, parseActionText } from './parse';
import type { ParsedAction } from './types';

// Mangled fixtures: whatever a model writes, the parser must not throw, the stream must equal the
// one-shot parse, and the streaming invariants must hold.
const DIR = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/messy');
const texts = readdirSync(DIR)
  .filter((f) => f.endsWith('.txt'))
  .sort()
  .map((f) => readFileSync(join(DIR, f), 'utf8'));
const FRAGMENTS = [
  '<tessera-action type="add_file" path="x.js">',
  '</tessera-action>',
  '<tessera-group title="g">',
  '</tessera-group>',
  '<tessera-',
  '</tess',
  '```',
  '```jsx\n',
  '"',
  "'",
  '>',
  '/>',
  '\r\n',
  '\n',
  '<<<<<<< SEARCH\n',
  '=======\n',
  '>>>>>>> REPLACE\n',
  '&amp;',
  '<think>',
  ' ',
];

function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function mangle(text: string, rnd: () => number): string {
  let out = text;
  const edits = 1 + Math.floor(rnd() * 6);
  for (let e = 0; e < edits; e++) {
    const at = Math.floor(rnd() * (out.length + 1));
    const r = rnd();
    if (r < 0.4) out = out.slice(0, at) + FRAGMENTS[Math.floor(rnd() * FRAGMENTS.length)]! + out.slice(at);
    else if (r < 0.7) out = out.slice(0, at) + out.slice(at + 1 + Math.floor(rnd() * 40));
    else out = out.slice(0, at);
  }
  return out;
}

describe('parser on mangled model output', () => {
  it('never throws and streams to the one-shot result', () => {
    const rnd = random(2026);
    for (let round = 0; round < 400; round++) {
      const text = mangle(texts[round % texts.length]!, rnd);
      const once = parseActionText(text, { isFinal: true });
      expect(once.actions).toEqual(once.segments.flatMap((s) => (s.kind === 'group' ? s.actions : [])));
      expect(once.actions.filter((a) => a.isTruncated).length).toBeLessThanOrEqual(1);
      const stream = createActionStream();
      const emitted: ParsedAction[] = [];
      for (let at = 0; at < text.length;) {
        const size = 1 + Math.floor(rnd() * 30);
        emitted.push(...stream.push(text.slice(at, at + size)));
        at += size;
        if (rnd() < 0.1) {
          const view = stream.message();
          expect(view).toEqual(parseActionText(text.slice(0, at), { isFinal: false }));
          expect(view.actions.some((a) => a.isTruncated)).toBe(false);
        }
      }
      emitted.push(...stream.end());
      expect(emitted, `round ${round}`).toEqual(once.actions);
    }
  });
});
