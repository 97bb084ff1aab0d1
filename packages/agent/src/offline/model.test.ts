import { generateText, streamText } from 'ai';
import { describe, expect, it } from 'vitest';
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { createActionStream, parseActionText } from '../protocol';
import { chunkText, conversationOf, createOfflineAppBuilderModel } from './model';
import { planAppBuilderTurn } from './plan';
import { EMPTY_SNAPSHOT } from './test-helpers';

const DESCRIPTION = 'Build a task tracker with tasks (title, done, due date) and projects (name)';
const fixedClock = () => new Date('2026-03-01T10:00:00Z');

describe('createOfflineAppBuilderModel', () => {
  it('streams the planned turn through streamText in many small text deltas', async () => {
    const model = createOfflineAppBuilderModel({ snapshot: EMPTY_SNAPSHOT, now: fixedClock });
    expect(model.specificationVersion).toBe('v4');
    expect(model.provider).toBe('offline');
    expect(model.modelId).toBe('app-builder');

    const result = streamText({ model, system: 'You build apps. (ignored offline)', prompt: DESCRIPTION });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);
    const text = deltas.join('');

    const expected = planAppBuilderTurn({
      snapshot: EMPTY_SNAPSHOT,
      messages: [{ role: 'user', text: DESCRIPTION }],
      today: '2026-03-01',
    }).text;
    expect(text).toBe(expected);
    expect(deltas.length).toBeGreaterThan(100);
    expect(Math.max(...deltas.map((d) => d.length))).toBeLessThanOrEqual(24);
    expect(await result.finishReason).toBe('stop');
    expect(await result.providerMetadata).toEqual({
      offline: { summary: 'Created Task Tracker with Task and Project' },
    });
    const usage = await result.usage;
    expect(usage.outputTokens).toBe(Math.ceil(text.length / 4));
    expect(usage.inputTokens).toBeGreaterThan(0);
    expect(parseActionText(text, { isFinal: true }).actions.filter((a) => a.type === 'add_entity')).toHaveLength(2);
  });

  it('emits the v4 stream parts in order: stream-start, metadata, text-start, deltas, text-end, finish', async () => {
    const model = createOfflineAppBuilderModel({ snapshot: EMPTY_SNAPSHOT, now: fixedClock });
    const { stream } = await model.doStream({
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'a recipe book' }] }],
    });
    const parts: LanguageModelV4StreamPart[] = [];
    const reader = stream.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
    }
    const kinds = parts.map((p) => p.type);
    expect(kinds.slice(0, 3)).toEqual(['stream-start', 'response-metadata', 'text-start']);
    expect(kinds.slice(-2)).toEqual(['text-end', 'finish']);
    expect(new Set(kinds.slice(3, -2))).toEqual(new Set(['text-delta']));
    const finish = parts.at(-1) as Extract<LanguageModelV4StreamPart, { type: 'finish' }>;
    expect(finish.finishReason).toEqual({ unified: 'stop', raw: 'stop' });
  });

  it('the streamed deltas feed the streaming action parser like a real model', async () => {
    const model = createOfflineAppBuilderModel({ snapshot: EMPTY_SNAPSHOT, now: fixedClock });
    const result = streamText({ model, prompt: DESCRIPTION });
    const actionStream = createActionStream();
    const seen: string[] = [];
    for await (const delta of result.textStream) for (const action of actionStream.push(delta)) seen.push(action.file);
    for (const action of actionStream.end()) seen.push(action.file);
    expect(seen).toContain('entities/Task.json');
    expect(seen).toContain('pages/Tasks.jsx');
  });

  it('reads the whole conversation (user and assistant text) and answers follow-ups on its snapshot', async () => {
    const first = planAppBuilderTurn({ snapshot: EMPTY_SNAPSHOT, messages: [{ role: 'user', text: DESCRIPTION }] });
    const snapshot = {
      files: { ...EMPTY_SNAPSHOT.files, 'pages/Tasks.jsx': 'export default function Tasks() { return null; }' },
      entities: {
        Task: {
          type: 'object' as const,
          properties: { title: { type: 'string' as const } },
          'x-accessControl': { permissions: { read: 'creator' as const, write: 'creator' as const } },
        },
      },
    };
    const model = createOfflineAppBuilderModel({ snapshot, now: fixedClock });
    const result = await generateText({
      model,
      messages: [
        { role: 'user', content: DESCRIPTION },
        { role: 'assistant', content: first.text },
        { role: 'user', content: 'add a priority field to tasks' },
      ],
    });
    expect(result.text).toContain('type="edit_entity" entity="Task"');
    expect(result.finishReason).toBe('stop');
  });

  it('keeps only user and assistant text from a prompt', () => {
    expect(
      conversationOf([
        { role: 'system', content: 'system prompt' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'hello' },
            { type: 'file', data: { type: 'url', url: new URL('https://example.com/a.png') }, mediaType: 'image/png' },
          ],
        },
        { role: 'assistant', content: [{ type: 'text', text: 'hi' }] },
      ]),
    ).toEqual([
      { role: 'user', text: 'hello' },
      { role: 'assistant', text: 'hi' },
    ]);
  });

  it('chunks on word and line boundaries without losing characters', () => {
    const text =
      'Line one\n<tessera-action type="add_file" path="pages/A.jsx">\nexport default function A() {}\n</tessera-action>';
    const chunks = chunkText(text);
    expect(chunks.join('')).toBe(text);
    for (const chunk of chunks.slice(0, -1)) expect(chunk).toMatch(/\s$/);
  });

  it('waits between chunks when asked (for demos) and stops on abort', async () => {
    const model = createOfflineAppBuilderModel({ snapshot: EMPTY_SNAPSHOT, chunkDelayMs: 5, now: fixedClock });
    const controller = new AbortController();
    const { stream } = await model.doStream({
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'a recipe book' }] }],
      abortSignal: controller.signal,
    });
    const reader = stream.getReader();
    const started = Date.now();
    let deltas = 0;
    while (deltas < 4) {
      const { value } = await reader.read();
      if (value?.type === 'text-delta') deltas++;
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);
    controller.abort();
    await expect(reader.read()).rejects.toBeDefined();
  });
});
