import { describe, expect, it } from 'vitest';
import { insertTag, instructionSegments, unknownTags, usedTags } from './instructions';

describe('instructionSegments', () => {
  it('cuts the text into plain parts and tags, marking which tags name a field', () => {
    expect(instructionSegments('Write a bio for [name] who likes [hobby].', ['name'])).toEqual([
      { kind: 'text', text: 'Write a bio for ' },
      { kind: 'tag', text: '[name]', name: 'name', known: true },
      { kind: 'text', text: ' who likes ' },
      { kind: 'tag', text: '[hobby]', name: 'hobby', known: false },
      { kind: 'text', text: '.' },
    ]);
  });

  it('leaves brackets that are not tags as text', () => {
    expect(instructionSegments('a [] b [two words] [x-y] c [ok]', ['ok']).map((s) => s.kind)).toEqual(['text', 'tag']);
    expect(instructionSegments('', [])).toEqual([]);
  });

  it('gives back the whole text, in order', () => {
    const text = '[a][b] x [c]y';
    expect(
      instructionSegments(text, ['a'])
        .map((s) => s.text)
        .join(''),
    ).toBe(text);
  });
});

describe('usedTags and unknownTags', () => {
  it('lists each tag once in order of first use', () => {
    expect(usedTags('[b] [a] [b]')).toEqual(['b', 'a']);
  });
  it('flags the tags no field has', () => {
    expect(unknownTags('[name] and [city] and [name]', ['name', 'email'])).toEqual(['city']);
    expect(unknownTags('no tags', [])).toEqual([]);
  });
});

describe('insertTag', () => {
  it('puts the tag at the caret with a space when it would touch a word', () => {
    expect(insertTag('Hello', 'name', { start: 5, end: 5 })).toEqual({ text: 'Hello [name]', caret: 12 });
    expect(insertTag('Hello ', 'name', { start: 6, end: 6 })).toEqual({ text: 'Hello [name]', caret: 12 });
    expect(insertTag('', 'name', { start: 0, end: 0 })).toEqual({ text: '[name]', caret: 6 });
  });
  it('replaces the selection', () => {
    expect(insertTag('Hi you!', 'name', { start: 3, end: 6 })).toEqual({ text: 'Hi [name]!', caret: 9 });
  });
});
