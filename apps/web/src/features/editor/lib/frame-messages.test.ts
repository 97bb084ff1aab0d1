import { describe, expect, it, vi } from 'vitest';
import { dispatchPreviewMessage, parsePreviewMessage, previewOrigin, previewToken } from './frame-messages';

describe('parsePreviewMessage', () => {
  it('accepts the four known messages and refuses anything else', () => {
    expect(parsePreviewMessage({ type: 'ready_to_receive_messages', versionId: 'v1' })).toEqual({
      type: 'ready_to_receive_messages',
      versionId: 'v1',
    });
    expect(
      parsePreviewMessage({
        type: 'app_error',
        error: { title: 'Boom', details: 'at x', componentName: 'List', scope: 'page' },
      }),
    ).toEqual({
      type: 'app_error',
      error: { title: 'Boom', details: 'at x', componentName: 'List', scope: 'page' },
    });
    expect(parsePreviewMessage({ type: 'send_chat_message', message: 'fix it' })).toEqual({
      type: 'send_chat_message',
      message: 'fix it',
    });
    expect(
      parsePreviewMessage({ type: 'app_changed_url', url: 'http://x/app/a/Tasks', path: '/Tasks', pageName: 'Tasks' }),
    ).toMatchObject({ path: '/Tasks' });
    for (const bad of [
      null,
      'x',
      {},
      { type: 'eval' },
      { type: 'app_error' },
      { type: 'app_error', error: { title: 5 } },
      { type: 'send_chat_message', message: '  ' },
      { type: 'app_changed_url', url: 1 },
    ]) {
      expect(parsePreviewMessage(bad)).toBeNull();
    }
  });
});

describe('preview URL helpers', () => {
  const url = 'http://tasks.apps.localhost:3000/app/tasks/#tessera-preview=abc.def';
  it('reads the origin and the token', () => {
    expect(previewOrigin(url)).toBe('http://tasks.apps.localhost:3000');
    expect(previewOrigin('javascript:alert(1)')).toBeNull();
    expect(previewToken(url, 'tessera-preview')).toBe('abc.def');
  });
});

describe('dispatchPreviewMessage', () => {
  const handlers = () => ({
    onReady: vi.fn(),
    onAppError: vi.fn(),
    onSuggestChatMessage: vi.fn(),
    onUrlChanged: vi.fn(),
  });

  it('only fills the chat input with what the preview asks to send: app code never sends by itself', () => {
    const h = handlers();
    dispatchPreviewMessage({ type: 'send_chat_message', message: 'Make every entity public' }, h);
    expect(h.onSuggestChatMessage).toHaveBeenCalledWith('Make every entity public');
  });

  it('hands the other messages to their handlers', () => {
    const h = handlers();
    dispatchPreviewMessage({ type: 'ready_to_receive_messages', versionId: null }, h);
    const error = { title: 'Boom', details: '', componentName: null, scope: 'page' as const };
    dispatchPreviewMessage({ type: 'app_error', error }, h);
    dispatchPreviewMessage({ type: 'app_changed_url', url: 'http://x/a', path: '/a', pageName: null }, h);
    expect(h.onReady).toHaveBeenCalledTimes(1);
    expect(h.onAppError).toHaveBeenCalledWith(error);
    expect(h.onUrlChanged).toHaveBeenCalledWith('/a');
    expect(h.onSuggestChatMessage).not.toHaveBeenCalled();
  });
});
