import { describe, expect, it } from 'vitest';
import { TOOL_RUN_MESSAGES } from '@tessera/contracts/tool-runs';
import { createOfflineAnswerModel } from './answer-model';
import { writeGroundedAnswer } from './grounded-answer';
import { fillJsonSchema } from './json-fill';
import { extractWithSchema } from './extract';
import { splitSentences, stem } from './sentences';

const FAQ = [
  '# Frequently asked questions',
  'Q: What are your opening hours?',
  'A: We are open from 9 am to 6 pm, Monday to Saturday. On Sundays we are closed.',
  'Q: Do you deliver?',
  'A: Yes, we deliver within 10 km of the shop for a flat fee of 4 euros.',
  'Q: Can I return a bike?',
  'A: Returns are accepted within 30 days with the receipt.',
].join('\n');
const PRICES = 'name: City bike; price: 450; colour: blue\nname: Mountain bike; price: 890; colour: green';
const chunks = [
  { contextItemId: 'faq', sourceName: 'FAQ.md', content: FAQ },
  { contextItemId: 'prices', sourceName: 'prices.csv', content: PRICES },
];

describe('writeGroundedAnswer', () => {
  it('quotes the answer under a matching FAQ question, with its source', () => {
    const answer = writeGroundedAnswer({
      question: 'When are you open on Saturday?',
      instructions: 'Answer the customer using the FAQ.',
      chunks,
    });
    expect(answer.answered).toBe(true);
    expect(answer.quotes[0]!.text).toBe('We are open from 9 am to 6 pm, Monday to Saturday.');
    expect(answer.text).toContain('> We are open from 9 am to 6 pm, Monday to Saturday.');
    expect(answer.text).toContain('— *FAQ.md*');
    expect(answer.sources).toEqual([
      expect.objectContaining({ contextItemId: 'faq', name: 'FAQ.md', excerpt: expect.stringContaining('9 am') }),
    ]);
  });

  it('follows a matched question to the sentences after it', () => {
    const answer = writeGroundedAnswer({ question: 'do you deliver', chunks });
    expect(answer.quotes[0]!.text).toBe('Yes, we deliver within 10 km of the shop for a flat fee of 4 euros.');
    expect(answer.quotes.map((q) => q.text)).not.toContain('Do you deliver?');
  });

  it('never quotes a heading, and an answer ends at the next heading', () => {
    const guide =
      '# Warranty\nEvery bike has a two-year warranty on the frame.\nReturns\nYou can return a bike within 30 days.';
    const answer = writeGroundedAnswer({
      question: 'warranty returns',
      chunks: [{ contextItemId: 'g', sourceName: 'guide.md', content: guide }],
    });
    expect(answer.quotes.map((q) => q.text).sort()).toEqual([
      'Every bike has a two-year warranty on the frame.',
      'You can return a bike within 30 days.',
    ]);
    const faq = 'Q: Do you repair bikes?\nA: Yes, in our own workshop.\n## Delivery\nWe deliver within 10 km.';
    const repair = writeGroundedAnswer({
      question: 'do you repair bikes',
      chunks: [{ contextItemId: 'f', sourceName: 'faq.md', content: faq }],
    });
    expect(repair.quotes.map((q) => q.text)).toEqual(['Yes, in our own workshop.']);
  });

  it('finds CSV rows by their values', () => {
    const answer = writeGroundedAnswer({ question: 'mountain bike price', chunks });
    expect(answer.quotes[0]).toMatchObject({
      text: 'name: Mountain bike; price: 890; colour: green',
      sourceName: 'prices.csv',
    });
  });

  it('says plainly when the data has no answer, and invents nothing', () => {
    const none = writeGroundedAnswer({ question: 'Who won the football match yesterday?', chunks });
    expect(none).toMatchObject({ answered: false, text: TOOL_RUN_MESSAGES.noAnswerInData, sources: [] });
    const empty = writeGroundedAnswer({ question: 'opening hours', chunks: [] });
    expect(empty).toMatchObject({ answered: false, text: TOOL_RUN_MESSAGES.noDataItems });
  });

  it("never quotes on the instructions' words alone", () => {
    const answer = writeGroundedAnswer({
      question: 'zzz',
      instructions: 'Tell them about returns and receipts',
      chunks,
    });
    expect(answer.answered).toBe(false);
  });

  it('is deterministic', () => {
    const input = { question: 'return policy receipt days', chunks };
    expect(writeGroundedAnswer(input)).toEqual(writeGroundedAnswer(input));
  });

  it('fills a response schema from the quotes only', () => {
    const answer = writeGroundedAnswer({
      question: 'How many days do I have to return a bike?',
      chunks,
      responseJsonSchema: {
        type: 'object',
        properties: {
          policy: { type: 'string' },
          days: { type: 'integer' },
          allowed: { type: 'boolean' },
          tags: { type: 'array', items: { type: 'string' } },
        },
      },
    });
    expect(answer.json).toEqual({
      policy: 'Returns are accepted within 30 days with the receipt.',
      days: 30,
      allowed: null,
      tags: answer.quotes.map((q) => q.text),
    });
    expect(fillJsonSchema({ type: 'object', properties: { n: { type: 'number' } } }, [])).toEqual({ n: null });
    expect(fillJsonSchema({ enum: ['blue', 'red'] }, [{ text: 'It comes in Blue' }])).toBe('blue');
  });
});

describe('sentences', () => {
  it('splits lines and sentences, dropping layout', () => {
    expect(splitSentences('- First one. Second one!\n## Heading\nQ: Why?', 0).map((s) => s.text)).toEqual([
      'First one.',
      'Second one!',
      'Heading',
      'Why?',
    ]);
    expect([stem('prices'), stem('opening'), stem('deliveries'), stem('boxes')]).toEqual([
      'price',
      'open',
      'delivery',
      'box',
    ]);
  });
});

describe('createOfflineAnswerModel', () => {
  it('streams the answer in chunks with usage, labelled offline', async () => {
    const answer = writeGroundedAnswer({ question: 'do you deliver', chunks });
    const model = createOfflineAnswerModel(answer);
    const { stream } = await model.doStream({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] });
    let text = '';
    let finish: unknown;
    for await (const part of stream as unknown as AsyncIterable<{ type: string; delta?: string }>) {
      if (part.type === 'text-delta') text += part.delta;
      if (part.type === 'finish') finish = part;
    }
    expect(text).toBe(answer.text);
    expect(finish).toMatchObject({ providerMetadata: { offline: { model: 'answer', answered: true } } });
    expect(model.provider).toBe('offline');
  });
});

describe('extractWithSchema', () => {
  it('reads labelled lines and table rows into the schema, null where the file is silent', () => {
    const invoice =
      'ACME Ltd\nInvoice number: 1042\nPaid: yes\nTotal - 99.50 EUR\nname: Bolt; qty: 3\nname: Nut; qty: 10';
    expect(
      extractWithSchema(
        {
          type: 'object',
          properties: {
            invoiceNumber: { type: 'integer' },
            total: { type: 'number' },
            paid: { type: 'boolean' },
            customer: { type: 'string' },
            lines: {
              type: 'array',
              items: { type: 'object', properties: { name: { type: 'string' }, qty: { type: 'number' } } },
            },
          },
        },
        invoice,
      ),
    ).toEqual({
      invoiceNumber: 1042,
      total: 99.5,
      paid: true,
      customer: null,
      lines: [
        { name: 'Bolt', qty: 3 },
        { name: 'Nut', qty: 10 },
      ],
    });
    expect(extractWithSchema({ type: 'array', items: { type: 'object', properties: { name: {} } } }, 'x')).toEqual([]);
  });
});
