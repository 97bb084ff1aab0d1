import type { AppErrorReport } from '@tessera/contracts/runtime';

/** An app error the preview reported, with a key that identifies repeats of the same error. */
export interface PanelError extends AppErrorReport {
  key: string;
  count: number;
}

/** The error panel (docs/product/editor-and-chat.md#states-and-transitions): errors, the suppressed ones, minimised or expanded. */
export interface ErrorPanelState {
  errors: PanelError[];
  suppressed: string[];
  isMinimized: boolean;
}

export type ErrorPanelAction =
  | { type: 'report'; error: AppErrorReport }
  | { type: 'suppress'; key: string }
  | { type: 'unsuppress-all' }
  | { type: 'toggle-minimized' }
  | { type: 'clear' };

/** The most errors the panel keeps; an app in a render loop would otherwise grow it forever. */
export const ERROR_PANEL_MAX = 50;

export const INITIAL_ERROR_PANEL: ErrorPanelState = { errors: [], suppressed: [], isMinimized: false };

/** The key of an error: same title, component and details means the same error. */
export const errorKey = (e: Pick<AppErrorReport, 'title' | 'details' | 'componentName'>) =>
  `${e.componentName ?? ''}\u0000${e.title}\u0000${e.details}`;

/** The reducer of the error panel: reports dedupe, suppress hides one, clear ends a fix turn. */
export function errorPanelReducer(state: ErrorPanelState, action: ErrorPanelAction): ErrorPanelState {
  switch (action.type) {
    case 'report': {
      const key = errorKey(action.error);
      const existing = state.errors.find((e) => e.key === key);
      if (existing)
        return { ...state, errors: state.errors.map((e) => (e === existing ? { ...e, count: e.count + 1 } : e)) };
      const errors = [...state.errors, { ...action.error, key, count: 1 }].slice(-ERROR_PANEL_MAX);
      return { ...state, errors };
    }
    case 'suppress':
      return state.suppressed.includes(action.key)
        ? state
        : { ...state, suppressed: [...state.suppressed, action.key] };
    case 'unsuppress-all':
      return state.suppressed.length ? { ...state, suppressed: [] } : state;
    case 'toggle-minimized':
      return { ...state, isMinimized: !state.isMinimized };
    case 'clear':
      return { ...state, errors: [] };
  }
}

/** The errors the panel shows and counts: everything not suppressed. */
export function visibleErrors(state: ErrorPanelState): PanelError[] {
  return state.errors.filter((e) => !state.suppressed.includes(e.key));
}
