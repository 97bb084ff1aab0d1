import { describe, expect, it } from 'vitest';
import { makeFieldOffline } from './magic-field';

describe('the offline field maker', () => {
  it.each([
    ['Favourite cuisine: Italian, Thai or Mexican', '', { label: 'Favourite cuisine', type: 'select' }],
    ['Allergies (nuts / gluten / dairy)', 'one or more', { label: 'Allergies', type: 'multiselect' }],
    ['Work e-mail', '', { label: 'Work e-mail', type: 'email' }],
    ['A photo of your room', '', { label: 'A photo of your room', type: 'photo' }],
    ['Your height', '', { type: 'height' }],
    ['Weight in kg', '', { type: 'weight' }],
    ['Home town', '', { type: 'place' }],
    ['Describe your problem', 'required', { type: 'long_text', required: true }],
    ['Company name', '', { label: 'Company name', type: 'text', required: false }],
  ])('%s', (input, prompt, expected) => {
    expect(makeFieldOffline(input, 'field', prompt)).toMatchObject(expected);
  });

  it('takes options from the input, or the prompt when asked for options', () => {
    expect(makeFieldOffline('Size: S, M, L, m', 'field', '')?.options).toEqual([
      { label: 'S' },
      { label: 'M' },
      { label: 'L' },
    ]);
    expect(makeFieldOffline('Size', 'options', 'small, medium, large')?.options).toEqual([
      { label: 'Small' },
      { label: 'Medium' },
      { label: 'Large' },
    ]);
    expect(makeFieldOffline('Size', 'options', '')).toBeNull();
  });

  it('makes nothing of words without letters, and bounds the label', () => {
    expect(makeFieldOffline('?!', 'field', '')).toBeNull();
    expect(makeFieldOffline('word '.repeat(40), 'field', '')!.label.length).toBeLessThanOrEqual(60);
  });
});
