import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@tessera/contracts';
import { chatMessages } from '@tessera/db';
import { buildGenApp } from '../../testing/factories';
import { createTestApp } from '../../testing/harness';

const t = await createTestApp();

/** One message of an app's builder chat, as the chat module stores it. */
async function say(appId: string, seq: number, role: 'user' | 'assistant', status: string, info?: object) {
  await t.db.insert(chatMessages).values({
    id: randomUUID(),
    appId,
    seq,
    role,
    parts: [{ type: 'text', text: 'hi' }],
    annotations: info ? [{ status, systemActionInfo: info }] : [{ status }],
    status,
  });
}

describe('GET /api/apps: the last chat turn of each app', () => {
  it('says what went wrong in the last turn only: failed or refused, not partial work still streaming', async () => {
    const b = await t.signUpVerified();
    const make = async (name: string) =>
      (await t.request('POST', '/api/apps', { token: b.token, body: buildGenApp({ name }) })).body.appId as string;
    const [quiet, failed, refused, fixed, streaming, handEdits] = await Promise.all(
      ['Quiet', 'Failed', 'Refused', 'Fixed', 'Streaming', 'Hand edits'].map(make),
    );
    const refusal = 'The changes were not applied: 2 problems remained after the repair steps';
    await say(failed!, 1, 'user', 'complete');
    await say(failed!, 2, 'assistant', 'error', { type: 'error', message: MESSAGES.chat.failed });
    await say(refused!, 1, 'assistant', 'complete', { type: 'validation-failed', message: refusal, issues: [] });
    await say(fixed!, 1, 'assistant', 'complete', { type: 'validation-failed', message: refusal, issues: [] });
    await say(fixed!, 2, 'user', 'complete');
    await say(fixed!, 3, 'assistant', 'complete');
    await say(streaming!, 1, 'assistant', 'error');
    await say(streaming!, 2, 'assistant', 'streaming');
    await say(handEdits!, 1, 'assistant', 'complete', { type: 'hand-edits-kept', message: 'kept', files: ['a'] });

    const list = await t.request('GET', '/api/apps', { token: b.token });
    expect(list.status).toBe(200);
    const errors = Object.fromEntries(
      (list.body.apps as Array<{ appId: string; lastTurnError: string | null }>).map((a) => [a.appId, a.lastTurnError]),
    );
    expect(errors).toEqual({
      [quiet!]: null,
      [failed!]: MESSAGES.chat.failed,
      [refused!]: refusal,
      [fixed!]: null,
      [streaming!]: null,
      [handEdits!]: null,
    });
  });
});
