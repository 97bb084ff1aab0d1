import { describe, expect, it } from 'vitest';
import {
  ERROR_PANEL_MAX,
  INITIAL_ERROR_PANEL,
  errorKey,
  errorPanelReducer,
  visibleErrors,
  type ErrorPanelAction,
} from './error-panel';

const report = (title: string, componentName: string | null = 'List'): ErrorPanelAction => ({
  type: 'report',
  error: { title, details: 'd', componentName, scope: 'component' },
});
const run = (...actions: ErrorPanelAction[]) => actions.reduce(errorPanelReducer, INITIAL_ERROR_PANEL);

describe('errorPanelReducer', () => {
  it('dedupes repeats, suppresses one, un-suppresses all', () => {
    let s = run(report('A'), report('A'), report('B'));
    expect(s.errors.map((e) => [e.title, e.count])).toEqual([
      ['A', 2],
      ['B', 1],
    ]);
    s = errorPanelReducer(s, { type: 'suppress', key: errorKey({ title: 'A', details: 'd', componentName: 'List' }) });
    expect(visibleErrors(s).map((e) => e.title)).toEqual(['B']);
    s = errorPanelReducer(s, { type: 'unsuppress-all' });
    expect(visibleErrors(s)).toHaveLength(2);
  });
  it('minimises, clears, and caps the list', () => {
    let s = run(report('A'), { type: 'toggle-minimized' });
    expect(s.isMinimized).toBe(true);
    s = errorPanelReducer(s, { type: 'clear' });
    expect(s.errors).toEqual([]);
    s = run(...Array.from({ length: ERROR_PANEL_MAX + 5 }, (_, i) => report(`E${i}`)));
    expect(s.errors).toHaveLength(ERROR_PANEL_MAX);
    expect(s.errors.at(-1)!.title).toBe(`E${ERROR_PANEL_MAX + 4}`);
  });
});
