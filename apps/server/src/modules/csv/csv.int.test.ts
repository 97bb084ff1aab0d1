import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/harness';

const t = await createTestApp();

describe('POST /api/csv/generateMapping', () => {
  it('suggests a mapping for a signed-in builder', async () => {
    const b = await t.signUpVerified();
    const res = await t.request('POST', '/api/csv/generateMapping', {
      token: b.token,
      body: {
        headers: ['Full name', 'E-mail'],
        previewData: [{ 'Full name': 'Ada', 'E-mail': 'ada@example.com' }],
        schema: { properties: { name: { type: 'string' }, email: { type: 'string' } } },
        entityName: 'Contact',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.mappings).toEqual([
      { csvHeader: 'Full name', schemaField: 'name', dataType: 'text' },
      { csvHeader: 'E-mail', schemaField: 'email', dataType: 'text' },
    ]);
  });

  it('refuses anonymous callers and bad schemas', async () => {
    const body = { headers: ['a'], schema: { properties: {} }, entityName: 'X' };
    expect((await t.request('POST', '/api/csv/generateMapping', { body })).status).toBe(401);
    const b = await t.signUpVerified();
    const bad = await t.request('POST', '/api/csv/generateMapping', {
      token: b.token,
      body: { ...body, schema: { properties: { a: { type: 'weird' } } } },
    });
    expect(bad.status).toBe(400);
    expect(
      (await t.request('POST', '/api/csv/generateMapping', { token: b.token, body: { ...body, headers: [] } })).status,
    ).toBe(400);
  });
});
