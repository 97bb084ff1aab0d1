import { describe, expect, it } from 'vitest';
import { PREVIEW_TOKEN_HEADER, RUNTIME_MESSAGES } from '@tessera/contracts/runtime';
import { createTestApp } from '../../testing/harness';
import { buildGenApp } from '../../testing/factories';

const t = await createTestApp();
const builder = await t.signUpVerified();

const TASK = {
  type: 'object',
  properties: { title: { type: 'string' } },
  required: ['title'],
  'x-accessControl': { permissions: { read: 'creator', write: 'creator' } },
};
const created = await t.request('POST', '/api/apps', {
  token: builder.token,
  body: buildGenApp({ name: 'Notes', entities: { Task: TASK } }),
});
const { appId, slug } = created.body as { appId: string; slug: string };
const host = `${slug}.apps.localhost:3000`;

/** A second browser session of the builder (another tab, device or sign-in). */
async function signIn(): Promise<string> {
  const res = await t.request('POST', '/api/auth/sign-in/email', {
    body: { email: builder.email, password: builder.password },
  });
  expect(res.status).toBe(200);
  return res.headers.get('set-auth-token')!;
}
async function previewTokenOf(token: string): Promise<string> {
  const res = await t.request('POST', `/api/apps/${appId}/preview-url`, { token, body: {} });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return decodeURIComponent(new URL(res.body.url).hash.split('=')[1]!);
}
const readTasks = (preview: string) =>
  t.request('GET', `/live_api/apps/${appId}/entities/Task`, { headers: { host, [PREVIEW_TOKEN_HEADER]: preview } });
const bundle = (preview: string) =>
  t.request('GET', `/runtime/bundle?appId=${appId}`, { headers: { host, [PREVIEW_TOKEN_HEADER]: preview } });

describe('preview tokens live as long as the builder session that asked for them', () => {
  it("signing out ends the preview's data access and its unpublished code at once", async () => {
    const session = await signIn();
    const preview = await previewTokenOf(session);
    const kept = await previewTokenOf(builder.token);
    expect((await readTasks(preview)).status).toBe(200);
    expect((await bundle(preview)).status).toBe(200);

    expect((await t.request('POST', '/api/auth/sign-out', { token: session })).status).toBe(200);
    // The entity API treats the caller as anonymous: the creator-only entity is closed.
    expect((await readTasks(preview)).status).toBe(401);
    const refused = await bundle(preview);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(RUNTIME_MESSAGES.previewInvalid);
    // The builder's other session, and its preview, carry on.
    expect((await readTasks(kept)).status).toBe(200);
    expect((await bundle(kept)).status).toBe(200);
  });
});
