import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@tessera/contracts';
import { type ChatMessage } from '@tessera/contracts/chat';
import {
  buildFixErrorsPrompt,
  chatFailureOf,
  isTurnRunning,
  isTurnSettled,
  latestMessageVersionId,
  mergeMessages,
  messageText,
  stepsOf,
  toEditorMessage,
  type EditorMessage,
} from './chat-messages';

const stored = (over: Partial<ChatMessage>): ChatMessage => ({
  id: 'm1',
  role: 'assistant',
  parts: [{ type: 'text', text: 'Hello' }],
  annotations: [{ versionId: 'v1', status: 'complete' }],
  status: 'complete',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

const apiError = (statusCode: number, body: unknown) =>
  Object.assign(new Error(typeof body === 'string' ? body : JSON.stringify(body)), {
    statusCode,
    responseBody: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('toEditorMessage', () => {
  it('keeps text parts and puts annotations[0] and the status in metadata', () => {
    const m = toEditorMessage(
      stored({
        parts: [{ type: 'text', text: 'a' }, { type: 'weird' }],
        status: 'streaming',
        annotations: [{ model: 'offline' }],
      }),
    );
    expect(m.parts).toEqual([{ type: 'text', text: 'a' }]);
    expect(m.metadata).toMatchObject({ model: 'offline', status: 'streaming', createdAt: '2026-01-01T00:00:00.000Z' });
    expect(messageText(m)).toBe('a');
  });
});

describe('stepsOf', () => {
  it('splits an answer at its repair steps, which survive the round trip through storage', () => {
    const repair = { step: 2, maxSteps: 4, issues: [{ message: 'ChefHat is used but never imported', file: 'a.jsx' }] };
    const m = toEditorMessage(
      stored({
        parts: [
          { type: 'text', text: 'I built it.' },
          { type: 'data-repair', data: repair },
          { type: 'text', text: 'Fixed ' },
          { type: 'text', text: 'the import.' },
        ],
      }),
    );
    expect(stepsOf(m)).toEqual([
      { text: 'I built it.', repair: null },
      { text: 'Fixed the import.', repair },
    ]);
    expect(stepsOf({ parts: [] })).toEqual([{ text: '', repair: null }]);
  });
});

describe('mergeMessages', () => {
  const a = toEditorMessage(stored({ id: 'a', role: 'user' }));
  const b = toEditorMessage(stored({ id: 'b', status: 'streaming', annotations: [{ status: 'streaming' }] }));
  it('replaces known ids, appends new ones and returns the same array when nothing changed', () => {
    const list = [a];
    expect(mergeMessages(list, [a])).toBe(list);
    const merged = mergeMessages(list, [a, b]);
    expect(merged.map((m) => m.id)).toEqual(['a', 'b']);
    const done = toEditorMessage(stored({ id: 'b', parts: [{ type: 'text', text: 'Done' }] }));
    expect(messageText(mergeMessages(merged, [done])[1]!)).toBe('Done');
  });
});

describe('turn state', () => {
  const user = toEditorMessage(stored({ id: 'u', role: 'user', annotations: [{}] }));
  it('a streaming assistant message is a running turn; a complete one with a version settles', () => {
    const running = toEditorMessage(stored({ status: 'streaming', annotations: [{ status: 'streaming' }] }));
    expect(isTurnRunning([user, running])).toBe(true);
    expect(isTurnSettled([user, running])).toBe(false);
    expect(isTurnSettled([user])).toBe(false);
    expect(isTurnSettled([])).toBe(true);
    const done = toEditorMessage(stored({}));
    expect(isTurnRunning([user, done])).toBe(false);
    expect(isTurnSettled([user, done])).toBe(true);
    const failed = toEditorMessage(stored({ status: 'error', annotations: [{ status: 'error' }] }));
    expect(isTurnSettled([user, failed])).toBe(true);
    expect(latestMessageVersionId([user, done, failed])).toBe('v1');
  });
});

describe('chatFailureOf', () => {
  it('reads our error body and flags limits', () => {
    expect(
      chatFailureOf(
        apiError(403, { error: { code: 'builder-chat-messages-limit-reached', message: MESSAGES.chat.builderLimit } }),
      ),
    ).toEqual({
      code: 'builder-chat-messages-limit-reached',
      message: MESSAGES.chat.builderLimit,
      isLimit: true,
      isNetwork: false,
    });
    const daily = MESSAGES.chat.dailyLimit.replace('{n}', '25');
    expect(
      chatFailureOf(apiError(429, { error: { code: 'daily-chat-messages-limit-reached', message: daily } })),
    ).toMatchObject({ message: daily, isLimit: true });
    expect(chatFailureOf(apiError(409, { error: { code: 'CONFLICT', message: 'Wait' } }))).toMatchObject({
      code: 'CONFLICT',
      message: 'Wait',
      isLimit: false,
    });
  });
  it('maps a bare 429 and other statuses to the spec texts', () => {
    expect(chatFailureOf(apiError(429, 'Too many'))).toMatchObject({ message: MESSAGES.chat.rateLimited });
    expect(chatFailureOf(apiError(502, '<html>'))).toMatchObject({ message: MESSAGES.chat.failed });
  });
  it('keeps the text of a stream error chunk and flags network failures', () => {
    expect(chatFailureOf(new Error(MESSAGES.chat.rateLimited)).message).toBe(MESSAGES.chat.rateLimited);
    expect(chatFailureOf(new Error('something internal')).message).toBe(MESSAGES.chat.failed);
    expect(chatFailureOf(new TypeError('Failed to fetch'))).toMatchObject({
      isNetwork: true,
      message: MESSAGES.chat.failed,
    });
  });
});

describe('buildFixErrorsPrompt', () => {
  it('lists title, component and details and ends with the spec text', () => {
    const text = buildFixErrorsPrompt([
      { title: 'TypeError: x is undefined', details: 'at TaskList', componentName: 'TaskList' },
      { title: 'Boom', details: '', componentName: null },
    ]);
    expect(text).toContain('1. TypeError: x is undefined\nComponent: TaskList\nat TaskList');
    expect(text).toContain('2. Boom');
    expect(text.endsWith(MESSAGES.chat.fixErrorsSuffix)).toBe(true);
  });
});

export type { EditorMessage };
