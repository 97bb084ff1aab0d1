// The replay corpus (packages/test-utils/fixtures/replays): conversations answered the way GPT-,
// Claude- and small local models write, streamed through the real OpenAI-compatible client from
// the fake server on loopback. Every turn must end in a version the validator finds nothing in —
// the slips repaired by the model without the builder typing, or refused with their reasons.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_MAX_OUTPUT_TOKENS,
  CHAT_MAX_STEPS,
  CHAT_REPAIR_PART,
  type ChatAnnotation,
  type ChatMessage,
  type VersionEntry,
} from '@tessera/contracts/chat';
import { loadReplays, startFakeOpenAI, type FakeOpenAI } from '@tessera/test-utils';
import { createTestApp } from '../../testing/harness';
import { buildGenApp } from '../../testing/factories';

const REPLAYS = loadReplays();
let fake: FakeOpenAI;
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  fake = await startFakeOpenAI({ models: ['fake-coder'] });
  t = await createTestApp({ OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl, OPENAI_COMPATIBLE_MODEL: 'fake-coder' });
  // The first account of an install is an admin (no chat limits).
  await t.signUpVerified();
}, 180_000);
afterAll(async () => {
  await fake.close();
});

const chunksOf = (body: string): Array<Record<string, any>> =>
  body
    .split('\n')
    .filter((l) => l.startsWith('data: ') && l !== 'data: [DONE]')
    .map((l) => JSON.parse(l.slice(6)) as Record<string, any>);

/** Figures of the whole corpus, printed at the end. */
const figures = { conversations: 0, turns: 0, replies: 0, repairSteps: 0, truncatedTurns: 0, refusedFiles: 0 };

describe('the replay corpus, end to end through the OpenAI-compatible client', () => {
  it('has at least 30 complete replies in GPT, Claude and small-local-model styles', () => {
    const replies = REPLAYS.flatMap((r) => r.turns.flatMap((turn) => turn.replies));
    expect(replies.length).toBeGreaterThanOrEqual(30);
    expect(new Set(REPLAYS.map((r) => r.style))).toEqual(new Set(['gpt', 'claude', 'local']));
  });

  for (const replay of REPLAYS) {
    it(`${replay.name}: every turn ends in a version with no validation issue`, async () => {
      const builder = await t.signUpVerified();
      const created = await t.request('POST', '/api/apps', {
        token: builder.token,
        body: buildGenApp({ name: replay.name }),
      });
      const appId = created.body.appId as string;
      figures.conversations++;
      for (const turn of replay.turns) {
        const label = `${replay.name}: ${turn.message}`;
        const calls = fake.requests.length;
        const versions = await t.request<{ versions: VersionEntry[] }>('GET', `/api/apps/${appId}/versions`, {
          token: builder.token,
        });
        const versionBefore = versions.body.versions[0]?.id;
        fake.queueReplies(...turn.replies.map((r) => ({ text: r.text, chunkSize: 37, finishReason: r.finishReason })));
        // What the builder's browser sends: the last messages of the chat and the new one.
        const stored = await t.request<{ messages: ChatMessage[] }>('GET', `/api/apps/${appId}/chat/messages`, {
          token: builder.token,
        });
        const earlier = stored.body.messages.slice(-2).map((m) => ({ id: m.id, role: m.role, parts: m.parts }));
        const res = await t.request<string>('POST', `/api/apps/${appId}/chat`, {
          token: builder.token,
          body: {
            id: appId,
            messages: [...earlier, { id: randomUUID(), role: 'user', parts: [{ type: 'text', text: turn.message }] }],
          },
        });
        expect(res.status, label).toBe(200);
        const chunks = chunksOf(res.body);
        const meta = chunks.at(-1)!.messageMetadata as ChatAnnotation;
        expect(meta.status, label).toBe('complete');

        // One model call per reply, each with the output budget; a repair step per repair reply, streamed.
        expect(fake.requests.length - calls, label).toBe(turn.replies.length);
        expect(turn.replies.length).toBeLessThanOrEqual(CHAT_MAX_STEPS);
        for (const request of fake.requests.slice(calls)) expect(request.body.max_tokens).toBe(CHAT_MAX_OUTPUT_TOKENS);
        const repairs = chunks.filter((c) => c.type === CHAT_REPAIR_PART);
        expect(
          repairs.map((c) => c.data.step),
          label,
        ).toEqual(turn.replies.filter((r) => r.isRepair).map((_, i) => i + 2));
        figures.turns++;
        figures.replies += turn.replies.length;
        figures.repairSteps += repairs.length;

        const info = meta.systemActionInfo;
        if (turn.isTruncated) {
          figures.truncatedTurns++;
          expect(info?.type, label).toBe('truncated');
        } else if (turn.refused.length) {
          figures.refusedFiles += turn.refused.length;
          expect(info?.type, label).toBe('validation-failed');
          expect(new Set(info!.issues!.map((i) => i.file)), label).toEqual(new Set(turn.refused));
        } else {
          expect(info, label).toBeUndefined();
          expect(meta.versionId, label).toBeTruthy();
        }

        // A cut-off turn whose parts do not stand alone makes no version: "Let's keep going" carries them.
        if (turn.isTruncated && meta.versionId === versionBefore) continue;
        // The app as the turn left it: the validator finds nothing, and refused files are not in it.
        const files = await t.request<{ files: Array<{ path: string }>; issues: unknown[] }>(
          'GET',
          `/api/apps/${appId}/files`,
          { token: builder.token },
        );
        expect(files.body.issues, label).toEqual([]);
        for (const path of turn.refused)
          expect(
            files.body.files.map((f) => f.path),
            label,
          ).not.toContain(path);
      }
    });
  }

  it('tells the model, in the next turn, what of its answer was refused', () => {
    const refusing = REPLAYS.find((r) => r.turns.some((turn) => turn.refused.length));
    expect(refusing).toBeDefined();
    const next = refusing!.turns.findIndex((turn) => turn.refused.length) + 1;
    const sent = fake.requests.find((r) =>
      JSON.stringify(r.body.messages?.at(-1)).includes(refusing!.turns[next]!.message),
    );
    const previousAnswer = JSON.stringify(sent!.body.messages!.at(-2));
    expect(previousAnswer).toContain('[Tessera: Some changes were not applied');
    expect(previousAnswer).toContain(refusing!.turns[next - 1]!.refused[0]!);
    process.stdout.write(`replay corpus: ${JSON.stringify(figures)}\n`);
  });
});
