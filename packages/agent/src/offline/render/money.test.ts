// Amounts are stored with their currency ("Amount in EUR"); generated pages show them formatted in it.
import { transform } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { SHARED_FILES } from './shared';
import { EMPTY_SNAPSHOT, runTurn } from '../test-helpers';

async function formatModule(): Promise<{ formatMoney: (value: unknown, currency: string) => string }> {
  const { code } = await transform(SHARED_FILES['services/format.js']!, { format: 'cjs', loader: 'js' });
  const module = { exports: {} as Record<string, unknown> };
  new Function('module', 'exports', code)(module, module.exports);
  return module.exports as never;
}

describe('money in generated apps', () => {
  it('formats an amount in its currency with the shared helper', async () => {
    const { formatMoney } = await formatModule();
    const en = (value: number, currency: string) =>
      new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(value);
    expect(formatMoney(1234.5, 'EUR')).toBe(en(1234.5, 'EUR'));
    expect(formatMoney('80', 'USD')).toBe(en(80, 'USD'));
    expect(formatMoney(1200, 'JPY')).toBe(en(1200, 'JPY'));
    expect(formatMoney('n/a', 'EUR')).toBe('n/a');
  });

  it('shows deal amounts in euros on the list, detail, board, statistics and form pages', async () => {
    const run = await runTurn(
      EMPTY_SNAPSHOT,
      'A sales pipeline: contacts (name, email) and deals with a title, an amount in euros and stage: lead, won, lost. Deals are linked to their contact. Add a statistics page.',
    );
    const files = run.snapshot.files;
    expect(files['components/FieldValue.jsx']).toContain('formatMoney(value, currency)');
    expect(files['pages/Deals.jsx']).toContain(
      'Amount: <FieldValue type="number" currency="EUR" value={deal.amount} />',
    );
    expect(files['pages/DealDetail.jsx']).toContain('<FieldValue type="number" currency="EUR" value={deal.amount} />');
    expect(files['pages/DealForm.jsx']).toContain('label="Amount (EUR)"');
    const board = Object.entries(files).find(([path]) => /^pages\/\w*Board\.jsx$/.test(path))?.[1] ?? '';
    expect(board).toContain('const CURRENCY = "EUR";');
    expect(board).toContain('formatMoney(card[AMOUNT_FIELD], CURRENCY)');
    expect(board).toContain('formatMoney(totalOf(columnCards), CURRENCY)');
    expect(files['pages/Statistics.jsx']).toContain('{ key: "amount", label: "Amount", currency: "EUR" }');
    // A plain number stays a number.
    const books = await runTurn(EMPTY_SNAPSHOT, 'A reading log: books with title, pages and price');
    expect(books.snapshot.files['pages/Books.jsx']).toContain('<FieldValue type="number" value={book.pages} />');
    expect(books.snapshot.files['pages/Books.jsx']).toContain('currency="USD" value={book.price}');
  });
});
