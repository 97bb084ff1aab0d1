import { describe, expect, it } from 'vitest';
import { parseParentMessage } from './frame';
import { pageNameOfPath, pageUrl, resolvePage, safeNextUrl } from './pages';

describe('resolvePage', () => {
  const pages = ['Tasks', 'TaskDetail', 'Settings'];
  it('matches case-insensitively with hyphens ignored', () => {
    expect(resolvePage(pages, 'taskdetail', 'Tasks')).toBe('TaskDetail');
    expect(resolvePage(pages, 'Task-Detail', 'Tasks')).toBe('TaskDetail');
    expect(resolvePage(pages, 'SETTINGS', 'Tasks')).toBe('Settings');
  });
  it('falls back to the main page, then the default pages, then the first page', () => {
    expect(resolvePage(pages, 'nope', 'Settings')).toBe('Settings');
    expect(resolvePage(pages, null, 'Settings')).toBe('Settings');
    expect(resolvePage(['About', 'Dashboard'], 'nope', 'Gone')).toBe('Dashboard');
    expect(resolvePage(['About', 'Home', 'Dashboard'], null, null)).toBe('Home');
    expect(resolvePage(['Zeta', 'Alpha'], 'nope', null)).toBe('Zeta');
    expect(resolvePage([], 'x', 'y')).toBeNull();
  });
});

describe('page URLs', () => {
  it('read the page segment under the base path', () => {
    expect(pageNameOfPath('/app/tasks/taskdetail/', '/app/tasks')).toBe('taskdetail');
    expect(pageNameOfPath('/app/tasks/', '/app/tasks')).toBeNull();
    expect(pageNameOfPath('/app/tasks', '/app/tasks')).toBeNull();
    expect(pageNameOfPath('/settings', '')).toBe('settings');
    expect(pageNameOfPath('/elsewhere/x', '/app/tasks')).toBeNull();
  });
  it('createPageUrl keeps the query and uses the prefix only on app hosts', () => {
    expect(pageUrl('/app/tasks', 'TaskDetail?id=1')).toBe('/app/tasks/taskdetail/?id=1');
    expect(pageUrl('/app/tasks', 'Tasks')).toBe('/app/tasks/tasks/');
    expect(pageUrl('', 'Tasks')).toBe('/tasks/');
    expect(pageUrl('/app/tasks', '')).toBe('/app/tasks/');
  });
  it('follows only same-origin nextUrl values', () => {
    const origin = 'http://tasks.apps.localhost:3000';
    expect(safeNextUrl('/app/tasks/x/?a=1', origin, '/')).toBe('/app/tasks/x/?a=1');
    expect(safeNextUrl(`${origin}/app/tasks/`, origin, '/')).toBe('/app/tasks/');
    expect(safeNextUrl('https://evil.example/phish', origin, '/fallback')).toBe('/fallback');
    expect(safeNextUrl('//evil.example/', origin, '/fallback')).toBe('/fallback');
    expect(safeNextUrl('javascript:alert(1)', origin, '/fallback')).toBe('/fallback');
    expect(safeNextUrl(null, origin, '/fallback')).toBe('/fallback');
  });
});

describe('parseParentMessage', () => {
  it('accepts the three parent messages of docs/product/runtime.md#calls and nothing else', () => {
    expect(parseParentMessage({ type: 'version_selected', versionId: 'v1', token: 't' })).toEqual({
      type: 'version_selected',
      versionId: 'v1',
      token: 't',
    });
    expect(
      parseParentMessage({ type: 'file_changed', versionId: 'v2', token: 't', path: 'pages/A.jsx' }),
    ).toMatchObject({ path: 'pages/A.jsx' });
    expect(
      parseParentMessage({ type: 'preview_state_changed', state: { device: 'mobile', isDebugLogOpen: true, evil: 1 } }),
    ).toEqual({
      type: 'preview_state_changed',
      state: { device: 'mobile', isDebugLogOpen: true },
    });
    expect(parseParentMessage({ type: 'version_selected', versionId: 1 })).toBeNull();
    expect(parseParentMessage({ type: 'eval', code: 'x' })).toBeNull();
    expect(parseParentMessage('version_selected')).toBeNull();
  });
});
