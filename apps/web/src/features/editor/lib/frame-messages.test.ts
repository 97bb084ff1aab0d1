import { describe, expect, it } from 'vitest';
import { parsePreviewMessage, previewOrigin, previewToken } from './frame-messages';

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
