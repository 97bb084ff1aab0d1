import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/harness';

const t = await createTestApp();
const builder = await t.signUpVerified();
const { body: created } = await t.request('POST', '/api/apps', {
  token: builder.token,
  body: {
    appType: 'generated',
    genApp: {
      name: 'Products',
      entities: {
        Product: {
          properties: {
            name: { type: 'string' },
            price: { type: 'number' },
            inStock: { type: 'boolean' },
            launched: { type: 'string', format: 'date-time' },
            tags: { type: 'array', items: { type: 'string' } },
            meta: { type: 'object' },
          },
          required: ['name'],
        },
      },
    },
  },
});
const path = `/live_api/apps/${created.appId}/entities/Product`;

async function upload(csv: string, fields: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'products.csv');
  const res = await t.app.request(`${path}/import`, { method: 'POST', body: form, headers: { authorization: `Bearer ${builder.token}`, ...headers } });
  const text = await res.text();
  return { status: res.status, text, body: text.startsWith('{') && !text.includes('\n{') ? JSON.parse(text) : null };
}
const rows = async (q: Record<string, unknown>) =>
  (await t.request('GET', `${path}?limit=1000&q=${encodeURIComponent(JSON.stringify(q))}`, { token: builder.token })).body as Array<Record<string, unknown>>;

describe('CSV import', () => {
  it('maps headers to fields by name, converts values, trims, skips empty lines and counts bad rows', async () => {
    const csv = [
      'Name , PRICE,inStock,launched,tags,meta,ignored',
      ' Lamp ,12.5,TRUE,2026-01-02T03:04:05Z,"a, b ,,c","{""w"":1}",x',
      '',
      'Chair,abc,false,,,,',
      ',3,true,,,,',
      'Desk,99,no,2026-02-01,,,',
    ].join('\n');
    const res = await upload(csv, { importId: 'imp-1' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      total: 4,
      imported: 2,
      failed: 2,
      errors: [
        { row: 2, message: 'Product.price must be a number' },
        { row: 3, message: 'Product.name is required' },
      ],
    });
    const [lamp] = await rows({ name: 'Lamp' });
    expect(lamp).toMatchObject({ name: 'Lamp', price: 12.5, inStock: true, launched: '2026-01-02T03:04:05.000Z', tags: ['a', 'b', 'c'], meta: { w: 1 } });
    const [desk] = await rows({ name: 'Desk' });
    expect(desk).toMatchObject({ price: 99, inStock: false, launched: '2026-02-01T00:00:00.000Z' });
  });

  it('does not duplicate rows when an import is retried with the same importId', async () => {
    const csv = 'name,price\nRetry A,1\nRetry B,2\n';
    expect((await upload(csv, { importId: 'again' })).body.imported).toBe(2);
    expect((await upload(csv, { importId: 'again' })).body.imported).toBe(2);
    expect(await rows({ name: { $in: ['Retry A', 'Retry B'] } })).toHaveLength(2);
  });

  it('uses an explicit mapping, including list separators', async () => {
    const mapping = JSON.stringify([
      { csvHeader: 'Title', schemaField: 'name', dataType: 'text' },
      { csvHeader: 'Labels', schemaField: 'tags', dataType: 'text', splitCharacter: '|' },
    ]);
    const res = await upload('Title;Labels\nMapped;x| y\n', { mapping });
    expect(res.body).toMatchObject({ imported: 1, failed: 0 });
    expect((await rows({ name: 'Mapped' }))[0]!.tags).toEqual(['x', 'y']);
  });

  it('streams progress lines when asked for NDJSON', async () => {
    const lines = ['name,price', ...Array.from({ length: 2500 }, (_, i) => `Bulk ${i},${i}`)].join('\n');
    const res = await upload(lines, {}, { accept: 'application/x-ndjson' });
    const events = res.text.trim().split('\n').map((l) => JSON.parse(l));
    expect(events.filter((e) => e.type === 'progress').map((e) => e.imported)).toEqual([1000, 2000, 2500]);
    expect(events.at(-1)).toMatchObject({ type: 'done', total: 2500, imported: 2500, failed: 0 });
  });

  it('refuses empty files, files with no valid rows or no matching columns, and bad mappings', async () => {
    expect((await upload('')).body.error.message).toBe('The CSV file is empty');
    expect((await upload('name,price\n')).body.error.message).toBe('The CSV file is empty');
    const noValid = await upload('name,price\n,1\n,2\n');
    expect(noValid.status).toBe(400);
    expect(noValid.body.error.message).toBe('No valid rows found in the CSV file');
    expect((await upload('colour,size\nred,1\n')).body.error.message).toBe('None of the CSV columns (colour, size) match a field of Product');
    expect((await upload('name\nx\n', { mapping: '{' })).body.error.message).toBe('mapping is not valid JSON');
    expect((await upload('name\nx\n', { mapping: JSON.stringify([{ csvHeader: 'name', schemaField: 'ghost', dataType: 'text' }]) })).body.error.message).toBe('mapping: "ghost" is not a field');
    expect((await upload('name\nx\n', { importId: '../../etc' })).status).toBe(400);
    const notMultipart = await t.request('POST', `${path}/import`, { token: builder.token, body: { name: 'x' } });
    expect(notMultipart.status).toBe(400);
    expect(notMultipart.body.error.message).toBe('Send the file as multipart/form-data');
  });

  it('is authorised like creating records', async () => {
    const form = new FormData();
    form.append('file', new Blob(['name\nSneaky\n']), 'x.csv');
    const res = await t.app.request(`${path}/import`, { method: 'POST', body: form });
    expect(res.status).toBe(401);
    expect(await rows({ name: 'Sneaky' })).toHaveLength(0);
  });
});
