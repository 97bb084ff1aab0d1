import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { AppSnapshot } from '../snapshot';
import { applyActions } from './apply';
import { createActionStream, parseActionText } from './parse';
import type { ParsedAction, ParsedMessage } from './types';

// Recorded messy model outputs (fixtures/messy/*.txt), each with the parse and the apply result a
// person checked by hand (*.expected.json). See fixtures/README.md for what each one exercises.
const DIR = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/messy');
const names = readdirSync(DIR)
  .filter((f) => f.endsWith('.txt'))
  .map((f) => f.slice(0, -4))
  .sort();
const base = JSON.parse(readFileSync(join(DIR, '_base-snapshot.json'), 'utf8')) as AppSnapshot;

interface Expected {
  quirk: string;
  message: ParsedMessage;
  applied: {
    changedFiles: string[];
    editedLines: Record<string, string[]>;
    entities: string[];
    records: Record<string, number>;
    issues: Array<{ detectorId: string; severity: string; file: string | null; message: string }>;
  };
}

/** Deterministic chunk sizes so a failure can be replayed from its seed. */
function chunker(seed: number, max: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return 1 + (((t ^ (t >>> 14)) >>> 0) % max);
  };
}

describe('recorded messy outputs', () => {
  it('has at least 25 of them', () => {
    expect(names.length).toBeGreaterThanOrEqual(25);
  });

  for (const name of names) {
    describe(name, () => {
      const text = readFileSync(join(DIR, `${name}.txt`), 'utf8');
      const expected = JSON.parse(readFileSync(join(DIR, `${name}.expected.json`), 'utf8')) as Expected;

      it('parses at once as expected', () => {
        expect(parseActionText(text, { isFinal: true })).toEqual(expected.message);
      });

      it('streams in random chunk sizes to the same actions and message', () => {
        for (const [seed, max] of [
          [1, 1],
          [7, 5],
          [42, 17],
          [1234, 64],
          [99, 300],
        ] as const) {
          const next = chunker(seed, max);
          const stream = createActionStream();
          const emitted: ParsedAction[] = [];
          let at = 0;
          let step = 0;
          while (at < text.length) {
            const size = next();
            emitted.push(...stream.push(text.slice(at, at + size)));
            at += size;
            // With tiny chunks look at every few steps only: a full reparse each time is quadratic.
            step++;
            if (max <= 5 && step % (max === 1 ? 16 : 4) !== 0) continue;
            const view = stream.message();
            // The incremental reader and a fresh parse of the same prefix agree at every step.
            expect(view, `seed ${seed} at ${at}`).toEqual(parseActionText(text.slice(0, at), { isFinal: false }));
            // While streaming nothing is truncated and only the last action may be open.
            expect(view.actions.some((a) => a.isTruncated)).toBe(false);
            expect(view.actions.slice(0, -1).every((a) => a.isComplete)).toBe(true);
            // A half-written tag never shows up as prose.
            for (const seg of view.segments) if (seg.kind === 'text') expect(seg.text).not.toMatch(/<\/?tessera/i);
            // A complete action never changes afterwards.
            view.actions.forEach((a, i) => {
              if (a.isComplete) expect(a).toEqual(expected.message.actions[i]);
            });
          }
          emitted.push(...stream.end());
          expect(emitted, `seed ${seed}`).toEqual(expected.message.actions);
          expect(stream.message()).toEqual(expected.message);
        }
      });

      it('applies to the base snapshot as expected', () => {
        const result = applyActions(base, expected.message.actions);
        const all = new Set([...Object.keys(base.files), ...Object.keys(result.snapshot.files)]);
        const changedFiles = [...all].filter((p) => base.files[p] !== result.snapshot.files[p]).sort();
        // For a file edited in place (same line count): the new text of each changed line.
        const editedLines: Record<string, string[]> = {};
        for (const p of changedFiles) {
          const before = base.files[p]?.split('\n');
          const after = result.snapshot.files[p]?.split('\n');
          if (!before || !after || before.length !== after.length) continue;
          editedLines[p] = after.flatMap((l, i) => (l === before[i] ? [] : [`${i + 1}: ${l}`]));
        }
        expect({
          changedFiles,
          editedLines,
          entities: Object.keys(result.snapshot.entities),
          records: Object.fromEntries(Object.entries(result.records).map(([k, v]) => [k, v.length])),
          issues: result.issues.map((i) => ({
            detectorId: i.detectorId,
            severity: i.severity,
            file: i.file ?? null,
            message: i.message,
          })),
        }).toEqual(expected.applied);
      });
    });
  }
});
