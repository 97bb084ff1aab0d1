import { describe, expect, it } from 'vitest';
import { chunkText } from './chunking';

const sentence = (i: number) => `Sentence number ${i} talks about topic ${i % 7} in some detail.`;

describe('chunkText', () => {
  it('keeps a short text in one chunk and drops empty input', () => {
    expect(chunkText('  Hello world.  ')).toEqual(['Hello world.']);
    expect(chunkText(' \n\n ')).toEqual([]);
  });

  it('never exceeds the chunk size and overlaps consecutive chunks', () => {
    const text = Array.from({ length: 200 }, (_, i) => sentence(i)).join(' ');
    const chunks = chunkText(text);
    expect(chunks.length).toBeGreaterThan(10);
    for (const c of chunks) expect(c.length).toBeLessThanOrEqual(1000);
    for (let i = 1; i < chunks.length; i++) {
      // Each chunk starts with the last whole sentences of the previous one (≤ 200 characters).
      const firstSentence = chunks[i]!.split(/(?<=\.) /)[0]!;
      expect(chunks[i - 1]!.endsWith(firstSentence) || chunks[i - 1]!.includes(`${firstSentence} `)).toBe(true);
      expect(chunks[i - 1]!.slice(-200)).toContain(firstSentence);
    }
    // Every sentence survives whole in some chunk.
    for (let i = 0; i < 200; i++) expect(chunks.some((c) => c.includes(sentence(i)))).toBe(true);
  });

  it('cuts on paragraphs before sentences', () => {
    const para = (n: number) => Array.from({ length: 10 }, (_, i) => sentence(n * 10 + i)).join(' ');
    const text = [para(1), para(2), para(3)].join('\n\n');
    const chunks = chunkText(text);
    expect(chunks).toEqual([para(1), para(2), para(3)]);
  });

  it('cuts a single endless word by characters with overlap', () => {
    const chunks = chunkText('x'.repeat(2500));
    expect(chunks.map((c) => c.length)).toEqual([1000, 1000, 900]);
  });

  it('honours custom sizes', () => {
    const chunks = chunkText('one two three four five six seven eight nine ten', { size: 15, overlap: 5 });
    for (const c of chunks) expect(c.length).toBeLessThanOrEqual(15);
    expect(chunks[0]).toBe('one two three');
    expect(chunks[1]!.startsWith('three')).toBe(true);
  });
});
