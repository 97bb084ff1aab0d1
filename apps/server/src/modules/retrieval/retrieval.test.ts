import { describe, expect, it } from 'vitest';
import { EMBEDDING_DIM, hashingEmbed, stem, tokenize } from './embedder';
import { fullTextTerms, reciprocalRankFusion } from './retrieval.service';

const cosine = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);

describe('offline hashing embedder', () => {
  it('is deterministic, unit length and of the stored dimension', () => {
    const a = hashingEmbed('The rugged kettle ZX101 weighs 3 kilograms.');
    expect(a).toHaveLength(EMBEDDING_DIM);
    expect(hashingEmbed('The rugged kettle ZX101 weighs 3 kilograms.')).toEqual(a);
    expect(Math.hypot(...a)).toBeCloseTo(1, 6);
    expect(hashingEmbed('')).toEqual(new Array(EMBEDDING_DIM).fill(0));
  });

  it('puts a question closer to the text that answers it than to unrelated text', () => {
    const question = hashingEmbed('How heavy is the kettle ZX101?');
    const answer = hashingEmbed('The rugged kettle ZX101 weighs 3 kilograms and is assembled in Oslo.');
    const other = hashingEmbed('Returns are accepted when the item is unused and in its original box.');
    expect(cosine(question, answer)).toBeGreaterThan(cosine(question, other) + 0.2);
  });

  it('stems and drops stop words', () => {
    expect(tokenize('The Kettles are shipped, weighing')).toEqual(['kettle', 'ship', 'weigh']);
    expect(stem('batteries')).toBe('battery');
    expect(stem('glass')).toBe('glass');
    expect(stem('boxes')).toBe('box');
    expect(stem('kettles')).toBe(stem('kettle'));
  });
});

describe('hybrid ranking', () => {
  it('fuses rankings by reciprocal rank: agreement wins over one high rank', () => {
    const fused = reciprocalRankFusion([
      ['a', 'b', 'c'],
      ['b', 'd', 'a'],
    ]);
    expect(fused.map((f) => f.id)).toEqual(['b', 'a', 'd', 'c']);
    expect(fused[0]!.score).toBeCloseTo(1 / 62 + 1 / 61, 10);
  });

  it('turns a question into safe full-text terms', () => {
    expect(fullTextTerms("What's the price of 'ZX-101' & (kettle)? | !")).toEqual([
      'what',
      's',
      'the',
      'price',
      'of',
      'zx',
      '101',
      'kettle',
    ]);
    expect(fullTextTerms('  ')).toEqual([]);
  });
});
