import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TOOL_BATCH_MAX_BYTES,
  TOOL_BATCH_MAX_ROWS,
  TOOL_BATCH_MESSAGES,
  TOOL_RUN_MESSAGES,
} from '@tessera/contracts/tool-runs';
import { toolBatchRows, toolRuns } from '@tessera/db';
import { createTestApp } from '../../testing/harness';
import { makeToolApp } from '../../testing/tool-apps';

const t = await createTestApp({}, { jobs: { pollMs: 50, leaseMs: 600, backoffBaseMs: 50 } });
beforeAll(() => t.jobRunner.start());
afterAll(() => t.jobRunner.stop());

type ToolApp = Awaited<ReturnType<typeof makeToolApp>>;
const FIELDS = [
  { label: 'Customer question', name: 'question', type: 'long_text', required: true, toolId: 't1' },
  { label: 'Customer name', name: 'customer', type: 'text', toolId: 't1' },
];
const base = (app: ToolApp) => `/api/apps/${app.appId}/tools/t1/batches`;

async function upload(app: ToolApp, path: string, csv: string | Uint8Array, mapping?: Record<string, string>) {
  const form = new FormData();
  if (mapping) form.append('mapping', JSON.stringify(mapping));
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'questions.csv');
  const res = await t.app.request(path, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${app.owner.token}` },
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function waitFor(app: ToolApp, batchId: string, done: (b: any) => boolean) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await t.request('GET', `${base(app)}/${batchId}`, { token: app.owner.token });
    expect(res.status).toBe(200);
    if (done(res.body)) return res.body;
    if (Date.now() > deadline) throw new Error(`batch stuck: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 40));
  }
}
const finished = (b: any) => !['queued', 'running'].includes(b.status);

const CSV = [
  'Name,Question,Notes',
  'Ann,"Do you deliver?",=HYPERLINK("http://evil")',
  'Bob,"What are your opening hours?","says ""hi"", twice"',
  '+Cid,"Who won the football final?",-2+3',
].join('\r\n');

describe('batch runs over a CSV', () => {
  it('suggests a mapping, runs every row through the run engine, and exports quoted, neutralised results', async () => {
    const app = await makeToolApp(t, { fields: FIELDS, instructions: 'Answer [question] for [customer]' });
    const preview = await upload(app, `${base(app)}/preview`, CSV);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({
      columns: ['Name', 'Question', 'Notes'],
      rowCount: 3,
      mapping: { question: 'Question', customer: 'Name' },
      fields: [
        { name: 'question', label: 'Customer question', required: true },
        { name: 'customer', label: 'Customer name', required: false },
      ],
    });
    expect(preview.body.rows[0]).toEqual(['Ann', 'Do you deliver?', '=HYPERLINK("http://evil")']);

    const created = await upload(app, base(app), CSV, preview.body.mapping);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ status: 'queued', totalRows: 3, doneRows: 0 });
    const batch = await waitFor(app, created.body.id, finished);
    expect(batch).toMatchObject({ status: 'done', doneRows: 3, failedRows: 0, finishedAt: expect.any(String) });

    // Each row is a run of its own, recorded with tokens and cost, on the batch's subject.
    const runs = await t.db.select().from(toolRuns).where(eq(toolRuns.appId, app.appId));
    expect(runs).toHaveLength(3);
    for (const r of runs) expect(r).toMatchObject({ subject: `b:${batch.id}`, status: 'succeeded', cost: 0 });
    expect(runs.every((r) => r.promptTokens > 0)).toBe(true);
    expect(runs.map((r) => r.inputs)).toContainEqual({ question: 'Do you deliver?', customer: 'Ann' });

    const list = await t.request('GET', base(app), { token: app.owner.token });
    expect(list.body.batches.map((b: any) => b.id)).toEqual([batch.id]);

    const res = await t.app.request(`${base(app)}/${batch.id}/results.csv`, {
      headers: { authorization: `Bearer ${app.owner.token}` },
    });
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain('questions-results.csv');
    const lines = (await res.text()).split('\r\n');
    expect(lines[0]).toBe('Name,Question,Notes,result,status,error');
    // The offline answer: the verdict, then the FAQ's sentence under its source (one quoted cell).
    expect(lines[1]).toMatch(/^Ann,Do you deliver\?,"'=HYPERLINK\(""http:\/\/evil""\)","\*\*Yes\.\*\*/);
    expect(lines.join('\n')).toContain('> Yes, we deliver within 10 km');
    expect(lines[1]).toContain(',succeeded,');
    expect(lines.join('\n')).toContain(`"says ""hi"", twice"`);
    expect(lines.join('\n')).toContain(`'+Cid,Who won the football final?,'-2+3,`);
    expect(lines.join('\n')).toContain(TOOL_RUN_MESSAGES.noAnswerInData);
  });

  it('refuses mappings that leave a required field out or name what is not there', async () => {
    const app = await makeToolApp(t, { fields: FIELDS });
    const cases: Array<[Record<string, string>, string]> = [
      [{ customer: 'Name' }, 'Choose a column for the required field "Customer question"'],
      [{ question: 'Nope' }, 'The CSV has no column "Nope"'],
      [{ question: 'Question', __proto__x: 'Name' }, 'This tool has no field named "__proto__x"'],
    ];
    for (const [mapping, message] of cases) {
      const res = await upload(app, base(app), CSV, mapping);
      expect(res.status, message).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    const form = new FormData();
    form.append('mapping', '{not json');
    form.append('file', new Blob([CSV]), 'q.csv');
    const bad = await t.app.request(base(app), {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${app.owner.token}` },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as any).error.message).toBe(TOOL_BATCH_MESSAGES.mappingInvalid);
  });

  it('refuses bad CSVs with plain messages', async () => {
    const app = await makeToolApp(t, { fields: FIELDS });
    const latin1 = new Uint8Array([...Buffer.from('Question\r\nCaf'), 0xe9, ...Buffer.from(' au lait?\r\n')]);
    const many = ['Question', ...Array.from({ length: TOOL_BATCH_MAX_ROWS + 1 }, (_, i) => `q${i}`)].join('\n');
    const huge = `Question\n${'x'.repeat(TOOL_BATCH_MAX_BYTES + 10)}\n`;
    const cases: Array<[string | Uint8Array, number, string]> = [
      ['', 400, TOOL_BATCH_MESSAGES.empty],
      ['Question\r\n', 400, TOOL_BATCH_MESSAGES.empty],
      ['Question\r\n\r\n  \r\n', 400, TOOL_BATCH_MESSAGES.empty],
      ['Question\nhello\u0000world\n', 400, TOOL_BATCH_MESSAGES.nulBytes],
      [latin1, 400, TOOL_BATCH_MESSAGES.notUtf8],
      [
        'Question,question\na,b\n',
        400,
        'The column "question" appears twice in the header; give each column its own name',
      ],
      ['Question,\na,b\n', 400, TOOL_BATCH_MESSAGES.emptyColumn],
      ['Question\n"unclosed\n', 400, 'This CSV could not be read (line 2): check its quotes and separators'],
      [many, 400, TOOL_BATCH_MESSAGES.tooManyRows],
      [huge, 413, TOOL_BATCH_MESSAGES.tooLarge],
    ];
    for (const [csv, status, message] of cases) {
      for (const path of [`${base(app)}/preview`, base(app)]) {
        const res = await upload(app, path, csv, path.endsWith('preview') ? undefined : { question: 'Question' });
        expect(res.status, message).toBe(status);
        expect(res.body.error.message).toBe(message);
      }
    }
    // A UTF-8 BOM and a short row are fine.
    const ok = await upload(app, `${base(app)}/preview`, '\uFEFFQuestion,Name\nWhen do you open?\n');
    expect(ok.body).toMatchObject({ columns: ['Question', 'Name'], rows: [['When do you open?', '']] });
  });

  it('stops with a clear message when the plan runs out mid-batch', async () => {
    const app = await makeToolApp(t, { fields: FIELDS });
    // The free plan's 300 runs a month, 298 of them used already.
    await t.db.execute(sql`UPDATE accounts SET plan = 'lite' WHERE user_id = ${app.owner.userId}`);
    await t.db.execute(sql`
      INSERT INTO tool_runs (id, app_id, owner_user_id, tool_id, tool_path, subject, inputs, model, status)
      SELECT 'old-' || g, ${app.appId}, ${app.owner.userId}, 't1', 'ask', 'v:x', '{}'::jsonb, 'offline:answer', 'succeeded'
      FROM generate_series(1, 298) g`);
    const csv = ['Question', 'Do you deliver?', 'Opening hours?', 'Returns?', 'Sundays?'].join('\n');
    const created = await upload(app, base(app), csv, { question: 'Question' });
    const batch = await waitFor(app, created.body.id, finished);
    expect(batch).toMatchObject({ status: 'stopped', doneRows: 2, message: TOOL_BATCH_MESSAGES.planLimitStop });
    const rows = await t.db.select().from(toolBatchRows).where(eq(toolBatchRows.batchId, batch.id));
    expect(rows.filter((r) => r.status === 'pending')).toHaveLength(2);
  });

  it('fails a row whose cells do not fit the field, and goes on with the others', async () => {
    const app = await makeToolApp(t, { fields: FIELDS });
    const created = await upload(app, base(app), 'Question,Name\nDo you deliver?,Ann\n,Bob\n', {
      question: 'Question',
      customer: 'Name',
    });
    const batch = await waitFor(app, created.body.id, finished);
    expect(batch).toMatchObject({ status: 'done', doneRows: 2, failedRows: 1 });
    const res = await t.app.request(`${base(app)}/${batch.id}/results.csv`, {
      headers: { authorization: `Bearer ${app.owner.token}` },
    });
    expect(await res.text()).toContain(',Bob,,failed,Customer question is required');
  });

  it('is cancelled before its next row, and a finished batch cannot be cancelled', async () => {
    const app = await makeToolApp(t, { fields: FIELDS });
    const csv = ['Question', ...Array.from({ length: 60 }, (_, i) => `Do you deliver to street ${i}?`)].join('\n');
    const created = await upload(app, base(app), csv, { question: 'Question' });
    const cancelled = await t.request('POST', `${base(app)}/${created.body.id}/cancel`, { token: app.owner.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', message: TOOL_BATCH_MESSAGES.cancelled });
    await new Promise((r) => setTimeout(r, 300));
    const after = await waitFor(app, created.body.id, finished);
    expect(after.status).toBe('cancelled');
    expect(after.doneRows).toBeLessThan(60);
    const again = await t.request('POST', `${base(app)}/${created.body.id}/cancel`, { token: app.owner.token });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(TOOL_BATCH_MESSAGES.alreadyFinished);
  });

  it('resumes after its worker died: the rows already run are kept, the rest run once', async () => {
    const app = await makeToolApp(t, { fields: FIELDS });
    await t.jobRunner.stop();
    const csv = ['Question', 'Do you deliver?', 'Opening hours?', 'Returns?', 'Sundays?'].join('\n');
    const created = await upload(app, base(app), csv, { question: 'Question' });
    const id = created.body.id as string;
    // As a worker that ran two rows and died: its job running with a lapsed lease.
    await t.db.execute(sql`UPDATE tool_batches SET status = 'running', done_rows = 2 WHERE id = ${id}`);
    await t.db.execute(
      sql`UPDATE tool_batch_rows SET status = 'succeeded', result = 'kept', run_id = 'earlier' WHERE batch_id = ${id} AND row_index < 2`,
    );
    await t.db.execute(sql`UPDATE jobs SET status = 'running', attempts = 1, locked_by = 'dead-worker',
      lease_expires_at = now() - interval '1 second' WHERE payload->>'batchId' = ${id}`);
    await t.jobRunner.start();
    const batch = await waitFor(app, id, finished);
    expect(batch).toMatchObject({ status: 'done', doneRows: 4, failedRows: 0 });
    const rows = await t.db.select().from(toolBatchRows).where(eq(toolBatchRows.batchId, id));
    expect(rows.filter((r) => r.result === 'kept')).toHaveLength(2);
    expect(await t.db.select().from(toolRuns).where(eq(toolRuns.appId, app.appId))).toHaveLength(2);
  });

  it('fails at once when its tool is deleted before it runs', async () => {
    const app = await makeToolApp(t, { fields: FIELDS });
    await t.jobRunner.stop();
    const created = await upload(app, base(app), 'Question\nDo you deliver?\n', { question: 'Question' });
    const second = await t.request('POST', `/api/apps/${app.appId}/tools`, { token: app.owner.token, body: {} });
    expect(second.status).toBe(200);
    expect((await t.request('DELETE', `/api/apps/${app.appId}/tools/t1`, { token: app.owner.token })).status).toBe(200);
    await t.jobRunner.start();
    const deadline = Date.now() + 20_000;
    let status = '';
    while (Date.now() < deadline) {
      const result = await t.db.execute(sql`SELECT status, message FROM tool_batches WHERE id = ${created.body.id}`);
      const [row] = (result as unknown as { rows: Array<{ status: string; message: string }> }).rows;
      status = row!.status;
      if (status === 'failed') {
        expect(row!.message).toBe(TOOL_BATCH_MESSAGES.runFailed);
        break;
      }
      await new Promise((r) => setTimeout(r, 40));
    }
    expect(status).toBe('failed');
  });

  it("keeps batches to their tool's owner", async () => {
    const app = await makeToolApp(t, { fields: FIELDS });
    const other = await makeToolApp(t, { fields: FIELDS });
    const created = await upload(app, base(app), CSV, { question: 'Question' });
    const id = created.body.id as string;
    for (const [method, path] of [
      ['GET', `${base(app)}/${id}`],
      ['GET', `${base(app)}/${id}/results.csv`],
      ['POST', `${base(app)}/${id}/cancel`],
      ['GET', base(app)],
    ] as const) {
      const res = await t.request(method, path, { token: other.owner.token });
      expect(res.status, path).toBe(404);
    }
    // The other builder's own tool does not reach this batch either.
    const res = await t.request('GET', `${base(other)}/${id}`, { token: other.owner.token });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(TOOL_BATCH_MESSAGES.notFound);
  });
});
