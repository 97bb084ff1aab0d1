import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeIssue, humaniseFieldName } from './issue-text';

/** The first issue a schema finds in a value. */
function firstIssue(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected the value to be refused');
  return result.error.issues[0]!;
}

describe('describeIssue', () => {
  const cases: Array<[string, z.ZodType, unknown, string]> = [
    [
      'too long',
      z.object({ newEmail: z.string().max(254) }),
      { newEmail: 'a'.repeat(300) },
      'E-mail is too long (254 characters at most)',
    ],
    ['missing', z.object({ name: z.string() }), {}, 'Name is required'],
    ['empty text', z.object({ name: z.string().min(1) }), { name: '' }, 'Name is required'],
    [
      'too short',
      z.object({ password: z.string().min(8) }),
      { password: 'abc' },
      'Password is too short (8 characters at least)',
    ],
    ['not whole', z.object({ rating: z.number().int() }), { rating: 1.5 }, 'Rating must be a whole number'],
    ['below minimum', z.object({ rating: z.number().int().min(1) }), { rating: 0 }, 'Rating must be at least 1'],
    ['above maximum', z.object({ rating: z.number().max(5) }), { rating: 6 }, 'Rating must be at most 5'],
    ['exclusive bound', z.object({ price: z.number().positive() }), { price: 0 }, 'Price must be more than 0'],
    ['wrong type', z.object({ isPublic: z.boolean() }), { isPublic: 'yes' }, 'Is public must be true or false'],
    ['number expected', z.object({ limit: z.number() }), { limit: '5' }, 'Limit must be a number'],
    [
      'humanised, nested in a list',
      z.object({ items: z.array(z.object({ due_date: z.string() })) }),
      { items: [{ due_date: 3 }] },
      'Due date must be text',
    ],
    ['one of', z.object({ kind: z.enum(['app', 'tool']) }), { kind: 'x' }, 'Kind must be one of "app", "tool"'],
    ['literal', z.object({ status: z.literal(true) }), { status: false }, 'Status must be true'],
    ['e-mail format', z.object({ email: z.email() }), { email: 'nope' }, 'E-mail must be a valid e-mail address'],
    [
      'url format',
      z.object({ continueUrl: z.url() }),
      { continueUrl: 'nope' },
      'Continue address must be a web address',
    ],
    ['regex', z.object({ slug: z.string().regex(/^[a-z]+$/) }), { slug: 'A!' }, 'Slug is not in the expected format'],
    [
      'too many items',
      z.object({ tags: z.array(z.string()).max(1) }),
      { tags: ['a', 'b'] },
      'Tags has too many items (1 at most)',
    ],
    ['too few items', z.object({ tags: z.array(z.string()).min(2) }), { tags: ['a'] }, 'Tags needs at least 2 items'],
    ['one character', z.object({ code: z.string().max(1) }), { code: 'ab' }, 'Code is too long (1 character at most)'],
    ['unknown field', z.strictObject({ name: z.string() }), { name: 'x', extra: 1 }, '"extra" is not a known field'],
    ['multiple of', z.object({ step: z.number().multipleOf(5) }), { step: 3 }, 'Step must be a multiple of 5'],
    [
      'schema wording after the label',
      z.object({ supportEmail: z.string({ error: 'must be an e-mail address' }) }),
      { supportEmail: 1 },
      'Support e-mail must be an e-mail address',
    ],
    [
      'schema sentence kept',
      z.object({ a: z.string().refine(() => false, 'Choose another name') }),
      { a: 'x' },
      'Choose another name',
    ],
    [
      'root refinement',
      z.object({}).refine(() => false, 'a generated app needs "genApp"'),
      {},
      'A generated app needs "genApp"',
    ],
    ['root value', z.string().max(3), 'abcd', 'The value is too long (3 characters at most)'],
  ];
  it.each(cases)('%s', (_name, schema, value, text) => {
    expect(describeIssue(firstIssue(schema, value))).toBe(text);
  });

  it('takes a label from the caller first', () => {
    const issue = firstIssue(z.object({ title: z.string() }), {});
    expect(describeIssue(issue, { title: 'Headline' })).toBe('Headline is required');
  });

  it('never shows a raw path or zod wording', () => {
    const issue = firstIssue(z.object({ a: z.object({ b: z.array(z.number()) }) }), { a: { b: ['x'] } });
    const text = describeIssue(issue);
    expect(text).toBe('B must be a number');
    expect(text).not.toMatch(/a\.b|Invalid input|expected/);
  });
});

describe('humaniseFieldName', () => {
  it.each([
    ['due_date', 'Due date'],
    ['dueDate', 'Due date'],
    ['termsOfServiceLink', 'Terms of service link'],
    ['appId', 'App ID'],
    ['logo-url', 'Logo URL'],
  ])('%s → %s', (name, label) => expect(humaniseFieldName(name)).toBe(label));
});
