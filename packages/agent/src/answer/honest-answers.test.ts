import { describe, expect, it } from 'vitest';
import { TOOL_RUN_MESSAGES } from '@tessera/contracts/tool-runs';
import { writeGroundedAnswer } from './grounded-answer';
import { readInstructions } from './instructions';

const POLICY = [
  'Returns. You can return most items within 30 days of delivery for a full refund.',
  'Items must be sent back in their original packaging with the tags still attached.',
  'All items can be returned except swimwear, underwear and pierced jewellery, for hygiene reasons.',
  'Sale items marked "Final sale" are non-refundable.',
  'Exchanges for a different size are possible only if the requested size is in stock.',
].join('\n');
const chunks = [{ contextItemId: 'policy', sourceName: 'Return policy.md', content: POLICY }];
const ask = (question: string, instructions?: string) => writeGroundedAnswer({ question, instructions, chunks });

describe('honest offline answers', () => {
  it('says no to a swimsuit with the tags on, quoting the exception under its source', () => {
    const answer = ask('Can I return a swimsuit with the tags on?');
    expect(answer.verdict).toBe('no');
    expect(answer.text).toMatch(/^\*\*No\.\*\*/);
    expect(answer.text).toContain('> All items can be returned except swimwear');
    expect(answer.text).toContain('— *Return policy.md*');
    expect(answer.text).not.toContain('tags still attached');
    expect(answer.sources).toEqual([expect.objectContaining({ contextItemId: 'policy', name: 'Return policy.md' })]);
  });

  it('says yes only where a passage states it, and no for "non-refundable"', () => {
    expect(ask('Do you give a full refund?').verdict).toBe('yes');
    expect(ask('Can I get a refund on final sale items?').verdict).toBe('no');
  });

  it('answers each question of a message on its own, and says which one the data does not answer', () => {
    const answer = ask('How many days do I have to return something? Do you ship to Canada?');
    expect(answer.answered).toBe(true);
    expect(answer.text).toMatch(/^\*\*How many days do I have to return something\?\*\*\n\n\*\*30 days\.\*\*/);
    expect(answer.text).toContain(`**Do you ship to Canada?**\n\n${TOOL_RUN_MESSAGES.noAnswerInData}`);
    expect(answer.sources).toHaveLength(1);
    // A run's message is its fields a line each: the customer's name asks nothing, but a line that
    // names what is asked about still decides the answer.
    expect(ask('Do you give a full refund?\nAnn Smith').verdict).toBe('yes');
    expect(ask('Swimsuit\nCan I return it?').verdict).toBe('no');
  });

  it('reads "use X instead of Y" as the swap an FAQ answers', () => {
    const tips = 'Can I swap butter for oil? Yes, use three quarters as much oil as butter in cakes.';
    const answer = writeGroundedAnswer({
      question: 'Can I use oil instead of butter?',
      chunks: [{ contextItemId: 'tips', sourceName: 'Kitchen tips', content: tips }],
    });
    expect(answer.verdict).toBe('yes');
    expect(answer.text).toContain('> Yes, use three quarters as much oil as butter in cakes.');
  });

  it('answers a number question with the number of the passage', () => {
    const answer = ask('how many days do i have to return something');
    expect(answer.verdict).toBe('number');
    expect(answer.text).toMatch(/^\*\*30 days\.\*\*/);
  });

  it('states the condition of an "only if"', () => {
    const answer = ask('Can I exchange for another size?');
    expect(answer.verdict).toBe('depends');
    expect(answer.text).toContain('It depends — only if the requested size is in stock');
  });

  it('says the sources do not cover a question they do not answer, quoting nothing', () => {
    const answer = ask('Do you ship to Canada?');
    expect(answer).toMatchObject({ answered: false, verdict: 'not-covered', quotes: [], sources: [] });
    expect(answer.text).toBe(TOOL_RUN_MESSAGES.noAnswerInData);
  });

  it('follows tone, length, format, language and a closing line', () => {
    const short = ask(
      'Can I return a bikini?',
      'Be friendly. Answer in one sentence. End with "Thanks for shopping with us!"',
    );
    expect(short.text).toBe(
      'Happy to help! No: “All items can be returned except swimwear, underwear and pierced jewellery, for hygiene reasons” (Return policy.md).\n\nThanks for shopping with us!',
    );
    expect(short.notApplied).toEqual([]);
    const bullets = ask('How many days do I have to return an item?', 'Use a bullet list.');
    expect(bullets.text).toMatch(/^- \*\*30 days\*\*\n- “.*30 days.*” — \*Return policy\.md\*$/);
    expect(ask('Can I return underwear?', 'Reply in French.').text).toMatch(/^\*\*Non\.\*\*/);
    expect(ask('Do you ship to Canada?', 'Antworte auf Deutsch, formal. Reply in German.').text).toContain(
      'Die Unterlagen dieses Tools beantworten diese Frage nicht.',
    );
  });

  it('shows the instructions it cannot follow as not applied', () => {
    const answer = ask(
      'Can I return a bikini?',
      'Answer the customer: [input]. Mention our loyalty programme. Reply in Japanese.',
    );
    expect(answer.notApplied).toEqual(['Mention our loyalty programme.', 'Reply in Japanese.']);
    expect(answer.text).toMatch(
      /\n\n_Not applied by the offline model: “Mention our loyalty programme”; “Reply in Japanese”\._$/,
    );
  });
});

describe('readInstructions', () => {
  it('reads each kind of instruction it follows', () => {
    expect(
      readInstructions('Keep it short and professional. Answer in Spanish. Sign off with: The Northwind team'),
    ).toEqual({
      tone: 'formal',
      oneSentence: true,
      bullets: false,
      language: 'es',
      closing: 'The Northwind team',
      notApplied: [],
    });
  });

  it('lets framing and the question itself pass without a note', () => {
    const style = readInstructions(
      'You are the Northwind helper.\nAnswer the customer using the policy.\nCan I return it?',
      'Can I return it?',
    );
    expect(style.notApplied).toEqual([]);
  });
});
