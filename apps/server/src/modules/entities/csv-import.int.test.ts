import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/harness';
import { buildGenApp } from '../../testing/factories';
import { createRecordsRepo } from './records.repo';

const t = await createTestApp();
const builder = await t.signUpVerified();
const { body: created } = await t.request('POST', '/api/apps', {
  token: builder.token,
  body: buildGenApp({
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
  }),
});
const path = `/live_api/apps/${created.appId}/entities/Product`;

async function upload(csv: string, fields: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'products.csv');
  const res = await t.app.request(`${path}/import`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${builder.token}`, ...headers },
  });
  const text = await res.text();
  return { status: res.status, text, body: text.startsWith('{') && !text.includes('\n{') ? JSON.parse(text) : null };
}
/**
 * A multipart upload whose body arrives in the given byte chunks, read back as NDJSON events.
 * With `breakOff` the body errors (a connection reset) once the chunks are sent and the server
 * has reported its first written batch.
 */
async function uploadChunks(
  chunks: Uint8Array[],
  { fields = {}, breakOff = false }: { fields?: Record<string, string>; breakOff?: boolean } = {},
) {
  const boundary = 'csv-import-test-boundary';
  const head = [
    ...Object.entries(fields).map(
      ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
    ),
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.csv"\r\nContent-Type: text/csv\r\n\r\n`,
  ].join('');
  const parts = [new TextEncoder().encode(head), ...chunks];
  if (!breakOff) parts.push(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
  let onProgress = () => {};
  const progressed = new Promise<void>((resolve) => (onProgress = resolve));
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = parts.shift();
      if (next) {
        controller.enqueue(next);
        // Let the server take each chunk on its own.
        await new Promise((resolve) => setTimeout(resolve, 1));
      } else if (!breakOff) controller.close();
      else {
        await progressed;
        controller.error(new Error('connection reset'));
      }
    },
  });
  const res = await t.app.request(`${path}/import`, {
    method: 'POST',
    body,
    duplex: 'half',
    headers: {
      authorization: `Bearer ${builder.token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      accept: 'application/x-ndjson',
    },
  } as RequestInit);
  const events: Array<Record<string, unknown>> = [];
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    text += decoder.decode(chunk, { stream: true });
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n')) {
      const event = JSON.parse(text.slice(0, end)) as Record<string, unknown>;
      text = text.slice(end + 1);
      events.push(event);
      if (event.type === 'progress') onProgress();
    }
  }
  return events;
}
/** Every row matching q, page by page. */
async function allRows(q: Record<string, unknown>) {
  const out: Array<Record<string, unknown>> = [];
  for (;;) {
    const page = (
      await t.request('GET', `${path}?limit=1000&skip=${out.length}&q=${encodeURIComponent(JSON.stringify(q))}`, {
        token: builder.token,
      })
    ).body as Array<Record<string, unknown>>;
    out.push(...page);
    if (page.length < 1000) return out;
  }
}
const rows = async (q: Record<string, unknown>) =>
  (await t.request('GET', `${path}?limit=1000&q=${encodeURIComponent(JSON.stringify(q))}`, { token: builder.token }))
    .body as Array<Record<string, unknown>>;

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
        { row: 2, line: 4, message: 'Line 4: Product.price must be a number' },
        { row: 3, line: 5, message: 'Line 5: Product.name is required' },
      ],
    });
    const [lamp] = await rows({ name: 'Lamp' });
    expect(lamp).toMatchObject({
      name: 'Lamp',
      price: 12.5,
      inStock: true,
      launched: '2026-01-02T03:04:05.000Z',
      tags: ['a', 'b', 'c'],
      meta: { w: 1 },
    });
    const [desk] = await rows({ name: 'Desk' });
    expect(desk).toMatchObject({ price: 99, inStock: false, launched: '2026-02-01T00:00:00.000Z' });
  });

  it('names the file line of a bad row, counting line breaks inside quoted cells', async () => {
    const csv = ['name,price', '"Multi', 'line', 'lamp",1', 'Broken,abc', '', ',2'].join('\r\n');
    const errors = [
      { row: 2, line: 5, message: 'Line 5: Product.price must be a number' },
      { row: 3, line: 7, message: 'Line 7: Product.name is required' },
    ];
    const res = await upload(csv);
    expect(res.body).toEqual({ total: 3, imported: 1, failed: 2, errors });
    const streamed = await upload(csv, {}, { accept: 'application/x-ndjson' });
    expect(JSON.parse(streamed.text.trim().split('\n').at(-1)!)).toEqual({
      type: 'done',
      total: 3,
      imported: 1,
      failed: 2,
      errors,
    });
    const noValid = await upload('name,price\n"Two\nlines",x\n');
    expect(noValid.body.error.details).toEqual({
      errors: [{ row: 1, line: 2, message: 'Line 2: Product.price must be a number' }],
    });
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
    const events = res.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(events.filter((e) => e.type === 'progress').map((e) => e.imported)).toEqual([1000, 2000, 2500]);
    expect(events.at(-1)).toMatchObject({ type: 'done', total: 2500, imported: 2500, failed: 0 });
  });

  it('refuses empty files, files with no valid rows or no matching columns, and bad mappings', async () => {
    expect((await upload('')).body.error.message).toBe('The CSV file is empty');
    expect((await upload('name,price\n')).body.error.message).toBe('The CSV file is empty');
    const noValid = await upload('name,price\n,1\n,2\n');
    expect(noValid.status).toBe(400);
    expect(noValid.body.error.message).toBe('No valid rows found in the CSV file');
    expect((await upload('colour,size\nred,1\n')).body.error.message).toBe(
      'None of the CSV columns (colour, size) match a field of Product',
    );
    expect((await upload('name\nx\n', { mapping: '{' })).body.error.message).toBe('mapping is not valid JSON');
    expect(
      (
        await upload('name\nx\n', {
          mapping: JSON.stringify([{ csvHeader: 'name', schemaField: 'ghost', dataType: 'text' }]),
        })
      ).body.error.message,
    ).toBe('mapping: "ghost" is not a field');
    expect((await upload('name\nx\n', { importId: '../../etc' })).status).toBe(400);
    const notMultipart = await t.request('POST', `${path}/import`, { token: builder.token, body: { name: 'x' } });
    expect(notMultipart.status).toBe(400);
    expect(notMultipart.body.error.message).toBe('Send the file as multipart/form-data');
  });

  it('refuses mappings into __proto__, constructor or prototype, and mappings naming inherited fields', async () => {
    for (const schemaField of ['__proto__.default', 'meta.__proto__.x', 'constructor', 'name.prototype', 'toString']) {
      const mapping = JSON.stringify([
        { csvHeader: 'name', schemaField: 'name', dataType: 'text' },
        { csvHeader: 'x', schemaField, dataType: 'text' },
      ]);
      const res = await upload('name,x\nPolluter,42\n', { mapping });
      expect(res.status, schemaField).toBe(400);
      expect(res.body.error.message).toBe(`mapping: "${schemaField}" is not a field`);
    }
  });

  it('skips rows with more cells than the header and keeps the rest', async () => {
    const res = await upload('name,price\nRagged A,1,extra\nRagged B,2\n"Ragged, C",3\n');
    expect(res.body).toEqual({
      total: 3,
      imported: 2,
      failed: 1,
      errors: [{ row: 1, line: 2, message: 'Line 2: The row has more cells than the header' }],
    });
    expect((await rows({ name: 'Ragged, C' }))[0]).toMatchObject({ price: 3 });
  });

  it('keeps characters whole when the upload splits them across chunks', async () => {
    const names = Array.from({ length: 300 }, (_, i) => `Crème brûlée 日本 ${i}`);
    const bytes = new TextEncoder().encode(`name\n${names.join('\n')}\n`);
    // 7-byte chunks cut most multi-byte characters in two.
    const chunks = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, i) => bytes.subarray(i * 7, i * 7 + 7));
    const events = await uploadChunks(chunks);
    expect(events.at(-1)).toMatchObject({ type: 'done', total: 300, imported: 300, failed: 0 });
    const stored = (await rows({ name: { $in: names } })).map((r) => r.name);
    expect(stored.sort()).toEqual([...names].sort());
  });

  it('keeps the acknowledged rows of an upload that breaks off, and a retry with the same importId completes it without duplicates', async () => {
    const lines = Array.from({ length: 5000 }, (_, i) => `Cut ${i},${i}`);
    const bytes = new TextEncoder().encode(`name,price\n${lines.join('\n')}\n`);
    const chunks = Array.from({ length: Math.ceil(bytes.length / 4096) }, (_, i) =>
      bytes.subarray(i * 4096, i * 4096 + 4096),
    );
    // The last fifth of the file never arrives.
    const cut = await uploadChunks(chunks.slice(0, Math.floor(chunks.length * 0.8)), {
      fields: { importId: 'cut-1' },
      breakOff: true,
    });
    expect(cut.at(-1)).toEqual({
      type: 'error',
      code: 'BAD_REQUEST',
      message: 'The upload broke off before the end of the file',
    });
    const acknowledged = Math.max(0, ...cut.filter((e) => e.type === 'progress').map((e) => e.imported as number));
    const afterCut = await allRows({ name: { $regex: '^Cut ' } });
    // Whole batches only: what was acknowledged is there, nothing of a half-read batch.
    expect(afterCut.length % 1000).toBe(0);
    expect(afterCut.length).toBeGreaterThan(0);
    expect(afterCut.length).toBeGreaterThanOrEqual(acknowledged);
    expect(afterCut.length).toBeLessThan(5000);

    const retried = await uploadChunks(chunks, { fields: { importId: 'cut-1' } });
    expect(retried.at(-1)).toMatchObject({ type: 'done', total: 5000, imported: 5000, failed: 0 });
    const all = await allRows({ name: { $regex: '^Cut ' } });
    expect(all).toHaveLength(5000);
    expect(new Set(all.map((r) => r.name)).size).toBe(5000);
    // The rows of the first attempt kept their ids.
    expect(all.map((r) => r.id)).toEqual(expect.arrayContaining(afterCut.map((r) => r.id)));
  });

  it('writes an import batch only while its app exists, and skips the ids already there', async () => {
    const repo = createRecordsRepo(t.db);
    const app = { appId: created.appId, entity: 'Product', creatorId: builder.userId };
    const one = JSON.stringify([{ id: 'orphan-1', data: { name: 'Orphan' } }]);
    const two = JSON.stringify([
      { id: 'orphan-1', data: { name: 'Orphan' } },
      { id: 'orphan-2', data: { name: 'Orphan' } },
    ]);
    expect(await repo.importBatch({ ...app, appId: 'no-such-app' }, one)).toBe(false);
    expect(await repo.importBatch(app, one)).toBe(true);
    // The plain insert meets orphan-1, so the batch is written again skipping it: orphan-2 only.
    expect(await repo.importBatch(app, two)).toBe(true);
    expect((await rows({ name: 'Orphan' })).map((r) => r.id).sort()).toEqual(['orphan-1', 'orphan-2']);
  });

  it('does not duplicate rows when the same file is sent again without an importId (a client retrying)', async () => {
    const csv = 'name,price\nResent A,1\nResent B,2\nResent A,1\n';
    expect((await upload(csv)).body).toMatchObject({ total: 3, imported: 3 });
    expect((await upload(csv)).body).toMatchObject({ total: 3, imported: 3 });
    // The third row repeats the first at another place in the file: both are kept, once each.
    expect((await rows({ name: { $regex: '^Resent ' } })).map((r) => r.name).sort()).toEqual([
      'Resent A',
      'Resent A',
      'Resent B',
    ]);
    // Another file with other rows is not taken for a retry.
    await upload('name,price\nResent A,1\nResent C,3\n');
    expect((await rows({ name: { $regex: '^Resent ' } })).map((r) => r.name).sort()).toEqual([
      'Resent A',
      'Resent A',
      'Resent B',
      'Resent C',
    ]);
  });

  it('keeps the rows of an upload cut off without an importId, and the same file sent again completes it', async () => {
    const lines = Array.from({ length: 3000 }, (_, i) => `Keyless ${i},${i}`);
    const bytes = new TextEncoder().encode(`name,price\n${lines.join('\n')}\n`);
    const chunks = Array.from({ length: Math.ceil(bytes.length / 4096) }, (_, i) =>
      bytes.subarray(i * 4096, i * 4096 + 4096),
    );
    const cut = await uploadChunks(chunks.slice(0, Math.floor(chunks.length * 0.8)), { breakOff: true });
    expect(cut.at(-1)).toMatchObject({ type: 'error', message: 'The upload broke off before the end of the file' });
    expect((await allRows({ name: { $regex: '^Keyless ' } })).length).toBeGreaterThan(0);
    const retried = await uploadChunks(chunks);
    expect(retried.at(-1)).toMatchObject({ type: 'done', total: 3000, imported: 3000, failed: 0 });
    const all = await allRows({ name: { $regex: '^Keyless ' } });
    expect(all).toHaveLength(3000);
    expect(new Set(all.map((r) => r.name)).size).toBe(3000);
  });

  it('takes the Idempotency-Key header as the importId, and refuses one that differs from the importId', async () => {
    const csv = 'name,price\nKeyed,1\n';
    expect((await upload(csv, {}, { 'idempotency-key': 'key-1' })).body.imported).toBe(1);
    expect((await upload(csv, { importId: 'key-1' })).body.imported).toBe(1);
    expect(await rows({ name: 'Keyed' })).toHaveLength(1);
    // A new key is a new import: the same rows again, on purpose.
    expect((await upload(csv, {}, { 'idempotency-key': 'key-2' })).body.imported).toBe(1);
    expect(await rows({ name: 'Keyed' })).toHaveLength(2);
    const differ = await upload(csv, { importId: 'key-3' }, { 'idempotency-key': 'key-4' });
    expect(differ.status).toBe(400);
    expect(differ.body.error.message).toBe(
      'importId and the Idempotency-Key header differ: send one of them, or the same value in both',
    );
    const bad = await upload(csv, {}, { 'idempotency-key': 'has spaces' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Idempotency-Key must be 1 to 64 letters, digits, - or _');
    expect(await rows({ name: 'Keyed' })).toHaveLength(2);
  });

  it('is authorised like creating records', async () => {
    const form = new FormData();
    form.append('file', new Blob(['name\nSneaky\n']), 'x.csv');
    const res = await t.app.request(`${path}/import`, { method: 'POST', body: form });
    expect(res.status).toBe(401);
    expect(await rows({ name: 'Sneaky' })).toHaveLength(0);
  });
});
