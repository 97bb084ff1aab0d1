import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_MESSAGES } from '@tessera/contracts';
import { PREVIEW_TOKEN_FRAGMENT, PREVIEW_TOKEN_HEADER, RUNTIME_MESSAGES } from '@tessera/contracts/runtime';
import { rateLimits } from '@tessera/db';
import { startFakeOpenAI } from '@tessera/test-utils';
import { createTestApp, type TestApp } from '../../testing/harness';
import { buildGenApp } from '../../testing/factories';
import { LLM_CALLS_PER_IP_PER_HOUR, LLM_CALLS_PER_OWNER_PER_DAY, parseJsonAnswer } from './integrations.service';

const fake = await startFakeOpenAI({ models: ['fake-small'] });
afterAll(() => fake.close());
const withModel = await createTestApp({
  OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl,
  OPENAI_COMPATIBLE_MODEL: 'fake-small',
});

/** An app of `builder` (a new one by default), with its owner's preview token as the caller. */
async function appOn(t: TestApp, builder?: { token: string }) {
  const owner = builder ?? (await t.signUpVerified());
  const { body } = await t.request('POST', '/api/apps', {
    token: owner.token,
    body: buildGenApp({ name: 'Helper', pages: { Home: 'export default () => null;' } }),
  });
  const preview = await t.request('POST', `/api/apps/${body.appId}/preview-url`, { token: owner.token, body: {} });
  const token = new URLSearchParams(new URL(preview.body.url as string).hash.slice(1)).get(PREVIEW_TOKEN_FRAGMENT)!;
  return { appId: body.appId as string, slug: body.slug as string, caller: { [PREVIEW_TOKEN_HEADER]: token } };
}
let app: Awaited<ReturnType<typeof appOn>>;
const invoke = (
  t: TestApp,
  on: { slug: string; caller?: Record<string, string> },
  body: unknown,
  ip = '10.9.9.9',
  caller = on.caller ?? {},
) =>
  t.app.request(
    '/integrations/Core/InvokeLLM',
    {
      method: 'POST',
      headers: { host: `${on.slug}.apps.localhost:3000`, 'content-type': 'application/json', ...caller },
      body: JSON.stringify(body),
    },
    { incoming: { socket: { remoteAddress: ip } } },
  );

describe('Core.InvokeLLM on an app host', () => {
  it('answers text from the configured model through the real OpenAI-compatible client', async () => {
    app = await appOn(withModel);
    fake.setReply({ text: 'Three ideas: walk, read, cook.', chunkSize: 5 });
    const res = await invoke(withModel, app, { prompt: 'Give me three ideas' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ result: 'Three ideas: walk, read, cook.' });
    expect(JSON.stringify(fake.requests.at(-1)!.body.messages)).toContain('Give me three ideas');
  });

  it('parses a JSON answer when a schema is given, and says so when the model does not comply', async () => {
    app = await appOn(withModel);
    fake.setReply({ text: '```json\n{"mood":"happy","score":0.9}\n```' });
    const res = await invoke(withModel, app, {
      prompt: 'Mood of "yay"',
      response_json_schema: { type: 'object', properties: { mood: { type: 'string' } } },
    });
    expect(await res.json()).toEqual({ result: { mood: 'happy', score: 0.9 } });
    expect(JSON.stringify(fake.requests.at(-1)!.body.messages)).toContain('JSON Schema');
    fake.setReply({ text: 'I am not sure.' });
    const bad = await invoke(withModel, app, { prompt: 'Mood?', response_json_schema: { type: 'object' } });
    expect(bad.status).toBe(502);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe(RUNTIME_MESSAGES.llmNotJson);
  });

  it('refuses bad input, model failures and too many calls with clear answers', async () => {
    app = await appOn(withModel);
    expect((await invoke(withModel, app, { prompt: '' })).status).toBe(400);
    fake.setReply({ status: 500, message: 'boom' });
    const failed = await invoke(withModel, app, { prompt: 'Hello' });
    expect(failed.status).toBe(502);
    expect(((await failed.json()) as { error: { message: string } }).error.message).toBe(RUNTIME_MESSAGES.llmFailed);
    fake.setReply({ text: 'ok' });
    for (let i = 1; i < LLM_CALLS_PER_IP_PER_HOUR; i++) await invoke(withModel, app, { prompt: 'Hi' }, '10.7.7.7');
    expect((await invoke(withModel, app, { prompt: 'Hi' }, '10.7.7.7')).status).toBe(200);
    const limited = await invoke(withModel, app, { prompt: 'Hi' }, '10.7.7.7');
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { error: { message: string } }).error.message).toBe(APP_MESSAGES.tooManyRequests);
  });

  it("answers only the app's own users and its owner's preview, before any model call", async () => {
    app = await appOn(withModel);
    const other = await appOn(withModel);
    const builder = await withModel.signUpVerified();
    fake.setReply({ text: 'ok' });
    const before = fake.requests.length;
    const strangers: Array<Record<string, string>> = [{}, { authorization: `Bearer ${builder.token}` }, other.caller];
    for (const caller of strangers) {
      const res = await invoke(withModel, app, { prompt: 'Hi' }, '10.4.4.4', caller);
      expect(res.status, JSON.stringify(caller)).toBe(401);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(APP_MESSAGES.unauthorized);
    }
    expect(fake.requests.length).toBe(before);
    // The same check as uploads, where one of the app's users gets through (runtime.int.test.ts).
    expect((await invoke(withModel, app, { prompt: 'Hi' }, '10.4.4.4')).status).toBe(200);
  });

  it('caps the calls per owner over all their apps (the operator pays)', async () => {
    const owner = await withModel.signUpVerified();
    const apps = [await appOn(withModel, owner), await appOn(withModel, owner)];
    fake.setReply({ text: 'ok' });
    expect((await invoke(withModel, apps[0]!, { prompt: 'Hi' }, '10.3.0.1')).status).toBe(200);
    expect((await invoke(withModel, apps[1]!, { prompt: 'Hi' }, '10.3.0.2')).status).toBe(200);
    // The day's counter of this owner, moved on to one call short of the cap (a thousand real calls take long).
    const key = `app-llm-owner:${owner.userId}`;
    expect(
      (
        await withModel.db
          .update(rateLimits)
          .set({ count: LLM_CALLS_PER_OWNER_PER_DAY - 1 })
          .where(eq(rateLimits.key, key))
          .returning()
      ).length,
    ).toBe(1);
    expect((await invoke(withModel, apps[1]!, { prompt: 'Hi' }, '10.3.0.3')).status).toBe(200);
    for (const on of [...apps, await appOn(withModel, owner)]) {
      const res = await invoke(withModel, on, { prompt: 'Hi' }, '10.2.2.2');
      expect(res.status).toBe(429);
    }
    // Another owner's apps still answer.
    expect((await invoke(withModel, await appOn(withModel), { prompt: 'Hi' }, '10.2.2.2')).status).toBe(200);
  });
});

describe('parseJsonAnswer', () => {
  it('reads bare, fenced and surrounded JSON', () => {
    expect(parseJsonAnswer('[1,2]')).toEqual([1, 2]);
    expect(parseJsonAnswer('Sure!\n```\n{"a":1}\n```')).toEqual({ a: 1 });
    expect(parseJsonAnswer('Here: {"a": {"b": 2}} hope it helps')).toEqual({ a: { b: 2 } });
    expect(() => parseJsonAnswer('no json')).toThrow(RUNTIME_MESSAGES.llmNotJson);
  });
});
