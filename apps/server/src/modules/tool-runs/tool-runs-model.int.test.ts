import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOL_RUN_MESSAGES, type ToolRunEvent } from '@tessera/contracts/tool-runs';
import { toolRuns } from '@tessera/db';
import { startFakeOpenAI } from '@tessera/test-utils';
import { createLogger } from '../../platform/logger';
import { createTestApp } from '../../testing/harness';
import { doneOf, endUserOf, makeToolApp, run } from '../../testing/tool-apps';
import { answerRun } from './run-answer';
import type { ToolRunsRepo } from './tool-runs.repo';

const fake = await startFakeOpenAI({ models: ['fake-small'] });
afterAll(() => fake.close());
const t = await createTestApp(
  { OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl, OPENAI_COMPATIBLE_MODEL: 'fake-small' },
  { jobs: { pollMs: 50, leaseMs: 3000, backoffBaseMs: 50 } },
);
beforeAll(() => t.jobRunner.start());
afterAll(() => t.jobRunner.stop());

const runsOf = (appId: string) => t.db.select().from(toolRuns).where(eq(toolRuns.appId, appId));
type Message = { role: string; content: unknown };
const lastMessages = () => (fake.requests.at(-1)!.body.messages ?? []) as Message[];

describe('a tool run with a configured model (fake OpenAI-compatible server)', () => {
  it('sends the filled instructions and the retrieved chunks in the prompt, streams the answer and records usage', async () => {
    const app = await makeToolApp(t, {
      fields: [
        { label: 'Question', name: 'question', type: 'text', toolId: 't1', required: true },
        {
          label: 'Tone',
          name: 'tone',
          type: 'select',
          toolId: 't1',
          options: [{ label: 'Friendly' }, { label: 'Formal' }],
        },
      ],
      instructions: 'Reply in a [tone] tone to: [question]. INSTRUCTIONS-MARKER',
      settings: { modelTemperature: 0.3 },
    });
    fake.setReply({ text: 'We deliver within 10 km [faq.md].', chunkSize: 6 });
    const res = await run(t, app.slug, { question: 'Do you deliver?', tone: 'friendly' });
    expect(res.status).toBe(200);
    const done = doneOf(res);
    expect(done.result).toBe('We deliver within 10 km [faq.md].');
    expect(res.events.filter((e) => e.type === 'delta').length).toBeGreaterThan(3);
    expect(res.events[0]).toMatchObject({ type: 'run', model: { id: 'compatible:fake-small', offline: false } });

    const request = fake.requests.at(-1)!.body as { temperature?: number };
    expect(request.temperature).toBe(0.3);
    const [system, user] = lastMessages();
    expect(system!.role).toBe('system');
    expect(String(system!.content)).toContain('Reply in a Friendly tone to: Do you deliver?. INSTRUCTIONS-MARKER');
    expect(String(system!.content)).toContain('[faq.md]\n');
    expect(String(system!.content)).toContain('we deliver within 10 km of the shop for a flat fee of 4 euros');
    expect(JSON.stringify(user!.content)).toContain('Question: Do you deliver?');
    expect(done.sources).toEqual([
      { contextItemId: app.items[0]!.contextItemId, name: 'faq.md', excerpt: expect.stringContaining('FAQ') },
    ]);
    expect(done.usage.promptTokens).toBe(1000);

    const [row] = await runsOf(app.appId);
    expect(row).toMatchObject({
      status: 'succeeded',
      model: 'compatible:fake-small',
      promptTokens: 1000,
      completionTokens: Math.ceil(done.result.length / 4),
      // A local OpenAI-compatible server is costed at zero (its models have no list price).
      cost: 0,
      result: done.result,
    });
  });

  it('ends a failed model call with an error event, gives the credits back and does not count the run', async () => {
    const app = await makeToolApp(t, { settings: { creditsPerRun: 2, dailyUserLimit: 1 } });
    const user = await endUserOf(t, app);
    fake.setReply({ status: 400, message: 'bad request' });
    const failed = await run(t, app.slug, { input: 'deliver' }, { token: user.token });
    expect(failed.status).toBe(200);
    expect(failed.events.at(-1)).toMatchObject({
      type: 'error',
      code: 'RUN_FAILED',
      message: TOOL_RUN_MESSAGES.runFailed,
    });
    const [row] = await runsOf(app.appId);
    expect(row).toMatchObject({ status: 'failed', creditsCharged: 0 });
    const balance = await t.db.execute(sql`SELECT balance FROM app_user_credits WHERE app_user_id = ${user.userId}`);
    const [credits] = (balance as unknown as { rows: Array<{ balance: number }> }).rows;
    expect(credits!.balance).toBe(50);
    fake.setReply({ text: 'Now it works.' });
    expect(doneOf(await run(t, app.slug, { input: 'deliver' }, { token: user.token })).creditsLeft).toBe(48);
  });
});

describe('answerRun', () => {
  it('costs a run at the model’s rates per 1M tokens', async () => {
    fake.setReply({ text: 'Priced answer.' });
    const provider = createOpenAICompatible({ name: 'compatible', baseURL: fake.baseUrl, includeUsage: true });
    const finished: Array<Record<string, unknown>> = [];
    const repo = {
      finishRun: async (_id: string, done: Record<string, unknown>) => void finished.push(done),
      failRun: async () => null,
    } as unknown as ToolRunsRepo;
    const events: ToolRunEvent[] = [];
    for await (const event of answerRun({
      runId: 'r1',
      appId: 'a1',
      tool: { title: 'T', instructions: 'Say hi', dataItems: [] },
      fields: [],
      values: {},
      settings: { temperature: 0.7, smartFiltering: false },
      model: {
        kind: 'provider',
        model: {
          id: 'priced',
          label: 'Priced',
          provider: 'compatible',
          isDefault: true,
          rates: { input: 2, output: 8, cacheRead: 0, cacheWrite: 0 },
          create: () => provider('fake-small'),
        },
      },
      newVisitorToken: null,
      left: { creditsLeft: null, runsLeft: { today: 1, thisWeek: 1 } },
      retrieved: Promise.resolve([]),
      deps: { repo, logger: createLogger('silent') },
    }))
      events.push(event);
    const completion = Math.ceil('Priced answer.'.length / 4);
    const cost = (1000 * 2 + completion * 8) / 1_000_000;
    expect(events.at(-1)).toMatchObject({ type: 'done', usage: { promptTokens: 1000, completionTokens: completion } });
    expect(Number(finished[0]!.cost)).toBeCloseTo(cost, 12);
  });
});
