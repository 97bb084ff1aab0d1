import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { VersionDiffFile, VersionEntry } from '@tessera/contracts/chat';
import { createTestApp } from '../../testing/harness';

// The offline app builder answers the chat (no model provider configured): two turns, two versions.
const t = await createTestApp();
const owner = await t.signUpVerified();

async function newApp(token: string) {
  const res = await t.request('POST', '/api/apps', {
    token,
    body: { appType: 'generated', genApp: { name: 'Compared' } },
  });
  expect(res.status).toBe(200);
  return res.body.appId as string;
}

async function turn(appId: string, text: string) {
  const res = await t.request<string>('POST', `/api/apps/${appId}/chat`, {
    token: owner.token,
    body: { id: appId, messages: [{ id: randomUUID(), role: 'user', parts: [{ type: 'text', text }] }] },
  });
  expect(res.status).toBe(200);
}

async function changes(appId: string, versionId: string, base?: string) {
  const query = base === undefined ? '' : `?${new URLSearchParams({ base })}`;
  const res = await t.request<{ files: VersionDiffFile[] }>(
    'GET',
    `/api/apps/${appId}/versions/${versionId}/changes${query}`,
    { token: owner.token },
  );
  return { status: res.status, lines: res.status === 200 ? res.body.files.map((f) => `${f.status} ${f.path}`) : [] };
}

describe('GET /api/apps/:appId/versions/:versionId/changes?base=', () => {
  it('compares a version with one two versions back, with itself, and refuses a base it cannot read', async () => {
    const appId = await newApp(owner.token);
    await turn(appId, 'Build a task tracker with tasks (title, done, due date) and projects (name)');
    await turn(appId, 'add a priority field to tasks');
    const list = await t.request<{ versions: VersionEntry[] }>('GET', `/api/apps/${appId}/versions`, {
      token: owner.token,
    });
    const [v3, v2, v1] = list.body.versions;
    expect([v3!.number, v2!.number, v1!.number]).toEqual([3, 2, 1]);

    // Without a base: only what the second turn changed.
    const lastTurn = await changes(appId, v3!.id);
    expect(lastTurn.lines).toContain('modified entities/Task.json');
    expect(lastTurn.lines).not.toContain('added pages/Projects.jsx');
    // Against version 1: both turns, the first one's new pages and entities included.
    const bothTurns = await changes(appId, v3!.id, v1!.id);
    expect(bothTurns.status).toBe(200);
    expect(bothTurns.lines).toEqual(
      expect.arrayContaining(['added entities/Task.json', 'added entities/Project.json', 'added pages/Projects.jsx']),
    );
    expect(bothTurns.lines.length).toBeGreaterThan(lastTurn.lines.length);
    // The same pair the other way round undoes it all: what was added is deleted.
    expect((await changes(appId, v1!.id, v3!.id)).lines).toContain('deleted pages/Projects.jsx');
    // A version against itself changed nothing.
    expect(await changes(appId, v3!.id, v3!.id)).toEqual({ status: 200, lines: [] });

    // A base that does not exist, or belongs to another builder's app, is a 404.
    expect((await changes(appId, v3!.id, randomUUID())).status).toBe(404);
    const other = await t.signUpVerified();
    const othersApp = await newApp(other.token);
    const othersVersion = (
      await t.request<{ versions: VersionEntry[] }>('GET', `/api/apps/${othersApp}/versions`, { token: other.token })
    ).body.versions[0]!;
    expect((await changes(appId, v3!.id, othersVersion.id)).status).toBe(404);
  });
});
