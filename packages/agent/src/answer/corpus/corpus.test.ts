import { describe, expect, it } from 'vitest';
import { grade, heldOutIds, loadCorpus, runCorpus } from './run-corpus';

const docs = loadCorpus();
/**
 * Share of the held-out half reached (83 %, 73 of 88): a change may raise it, never lower it. The
 * target is 90 % (issue 30), not reached yet (bench/README.md).
 */
const HELD_OUT_FLOOR = 0.82;

describe('offline answer corpus', () => {
  it('has at least 150 questions over 10 documents, every kind, each id once', () => {
    const questions = docs.flatMap((d) => d.questions);
    expect(docs.length).toBeGreaterThanOrEqual(10);
    expect(questions.length).toBeGreaterThanOrEqual(150);
    expect(new Set(questions.map((q) => q.id)).size).toBe(questions.length);
    expect(new Set(questions.map((q) => q.kind))).toEqual(new Set(['yes', 'no', 'number', 'condition', 'not-covered']));
    for (const q of questions) if (q.kind === 'number' || q.kind === 'condition') expect(q.expect, q.id).toBeTruthy();
  });

  it('splits once, by a fixed seed, into two halves', () => {
    const held = heldOutIds(docs);
    expect(heldOutIds(loadCorpus())).toEqual(held);
    expect(held.size).toBe(Math.floor(docs.flatMap((d) => d.questions).length / 2));
  });

  it('never contradicts its source, and keeps the held-out figure it reached', () => {
    const { tuning, heldOut } = runCorpus(docs);
    const contradictions = [...tuning.failures, ...heldOut.failures]
      .filter((f) => f.grade === 'contradicts')
      .map((f) => `${f.id} ${f.q} | expected ${f.expected} | got ${f.got}`);
    expect(contradictions).toEqual([]);
    expect(heldOut.accuracy).toBeGreaterThanOrEqual(HELD_OUT_FLOOR);
    expect(tuning.accuracy).toBeGreaterThanOrEqual(0.95);
  });

  it('grades a yes for a no as a contradiction, and a number where the source is silent as unsupported', () => {
    const base = { quotes: [], sources: [], answered: true, notApplied: [] };
    expect(grade({ id: 'x', q: 'Can I?', kind: 'no' }, { ...base, text: '**Yes.**', verdict: 'yes' })).toBe(
      'contradicts',
    );
    expect(
      grade(
        { id: 'x', q: 'How many?', kind: 'number', expect: '30' },
        { ...base, text: '**14 days.**', verdict: 'number' },
      ),
    ).toBe('contradicts');
    expect(grade({ id: 'x', q: 'Any?', kind: 'not-covered' }, { ...base, text: '**3.**', verdict: 'number' })).toBe(
      'unsupported',
    );
    expect(
      grade(
        { id: 'x', q: 'How many?', kind: 'number', expect: '3' },
        { ...base, text: '**3 to 7 days.**', verdict: 'number' },
      ),
    ).toBe('correct');
  });
});
