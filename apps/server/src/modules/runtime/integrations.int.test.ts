import { afterAll, describe, expect, it } from 'vitest';
import { APP_MESSAGES, RUNTIME_MESSAGES } from '@tessera/contracts';
import { startFakeOpenAI } from '@tessera/test-utils';
import { createTestApp, type TestApp } from '../../testing/harness';
import { LLM_CALLS_PER_IP_PER_HOUR, parseJsonAnswer } from './integrations.service';

const fake = await startFakeOpenAI({ models: ['fake-small'] });
afterAll(() => fake.close());
const withModel = await createTestApp({
  OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl,
  OPENAI_COMPATIBLE_MODEL: 'fake-small',
});
const offline = await createTestApp();

async function appOn(t: TestApp) {
  const builder = await t.signUpVerified();
  const { body } = await t.request('POST', '/api/apps', {
    token: builder.token,
    body: { appType: 'generated', genApp: { name: 'Helper', pages: { Home: 'export default () => null;' } } },
  });
  return { slug: body.slug as string };
}
const invoke = (t: TestApp, slug: string, body: unknown, ip = '10.9.9.9') =>
  t.app.request(
    '/integrations/Core/InvokeLLM',
    {
      method: 'POST',
      headers: { host: `${slug}.apps.localhost:3000`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
    { incoming: { socket: { remoteAddress: ip } } },
  );

describe('Core.InvokeLLM on an app host', () => {
  it('answers text from the configured model through the real OpenAI-compatible client', async () => {
    const { slug } = await appOn(withModel);
    fake.setReply({ text: 'Three ideas: walk, read, cook.', chunkSize: 5 });
    const res = await invoke(withModel, slug, { prompt: 'Give me three ideas' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ result: 'Three ideas: walk, read, cook.' });
    expect(JSON.stringify(fake.requests.at(-1)!.body.messages)).toContain('Give me three ideas');
  });

  it('parses a JSON answer when a schema is given, and says so when the model does not comply', async () => {
    const { slug } = await appOn(withModel);
    fake.setReply({ text: '```json\n{"mood":"happy","score":0.9}\n```' });
    const res = await invoke(withModel, slug, {
      prompt: 'Mood of "yay"',
      response_json_schema: { type: 'object', properties: { mood: { type: 'string' } } },
    });
    expect(await res.json()).toEqual({ result: { mood: 'happy', score: 0.9 } });
    expect(JSON.stringify(fake.requests.at(-1)!.body.messages)).toContain('JSON Schema');
    fake.setReply({ text: 'I am not sure.' });
    const bad = await invoke(withModel, slug, { prompt: 'Mood?', response_json_schema: { type: 'object' } });
    expect(bad.status).toBe(502);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe(RUNTIME_MESSAGES.llmNotJson);
  });

  it('refuses bad input, model failures and too many calls with clear answers', async () => {
    const { slug } = await appOn(withModel);
    expect((await invoke(withModel, slug, { prompt: '' })).status).toBe(400);
    fake.setReply({ status: 500, message: 'boom' });
    const failed = await invoke(withModel, slug, { prompt: 'Hello' });
    expect(failed.status).toBe(502);
    expect(((await failed.json()) as { error: { message: string } }).error.message).toBe(RUNTIME_MESSAGES.llmFailed);
    fake.setReply({ text: 'ok' });
    for (let i = 1; i < LLM_CALLS_PER_IP_PER_HOUR; i++) await invoke(withModel, slug, { prompt: 'Hi' }, '10.7.7.7');
    expect((await invoke(withModel, slug, { prompt: 'Hi' }, '10.7.7.7')).status).toBe(200);
    const limited = await invoke(withModel, slug, { prompt: 'Hi' }, '10.7.7.7');
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { error: { message: string } }).error.message).toBe(APP_MESSAGES.tooManyRequests);
  });

  it('says a model provider is needed when only the offline app builder is configured', async () => {
    const { slug } = await appOn(offline);
    const res = await invoke(offline, slug, { prompt: 'Hello' });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(RUNTIME_MESSAGES.llmUnavailable);
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
