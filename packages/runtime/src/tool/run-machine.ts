/**
 * The run state machine of a tool page (docs/product/runtime.md#states-and-transitions):
 * Idle -> Loading on search-similar, query-context or generate; Loading -> Success or Error;
 * Success -> Loading on validate (saving an edited result); Success or Error -> Idle on reset.
 * Events that the table does not allow in the current state are ignored.
 */
import type { ToolRunSource } from '@tessera/contracts/tool-runs';

export type RunStep = 'search-similar' | 'query-context' | 'generate';
export type BlockValidation = 'pending' | 'validated' | 'failed';

export interface RunState {
  status: 'idle' | 'loading' | 'success' | 'error';
  /** The step in progress while loading. */
  step: RunStep | null;
  /** The answer as written so far (kept through validate and error, so an edit is never lost). */
  answer: string;
  sources: ToolRunSource[];
  runId: string | null;
  /** The block's validation after an edit is saved (null before any). */
  validation: BlockValidation | null;
  error: string | null;
  /** Model label of the answer (e.g. the offline model), when the server names it. */
  model: string | null;
  /** True while the Loading state is the save of an edit (validate), not a run. */
  isValidating: boolean;
}

export type RunEvent =
  | { type: RunStep }
  | { type: 'delta'; text: string }
  | { type: 'sources'; sources: ToolRunSource[] }
  | { type: 'success'; runId?: string | null; answer?: string; model?: string | null; validation?: BlockValidation }
  | { type: 'error'; message: string }
  | { type: 'cancel'; message: string }
  | { type: 'validate'; answer: string }
  | { type: 'reset' };

export const IDLE: RunState = {
  status: 'idle',
  step: null,
  answer: '',
  sources: [],
  runId: null,
  validation: null,
  error: null,
  model: null,
  isValidating: false,
};

const STEPS: readonly string[] = ['search-similar', 'query-context', 'generate'];

export function runReducer(state: RunState, event: RunEvent): RunState {
  if (STEPS.includes(event.type)) {
    const step = event.type as RunStep;
    if (state.status === 'idle') return { ...IDLE, status: 'loading', step };
    // Further steps of the same run move the step forward.
    if (state.status === 'loading' && !state.isValidating) return { ...state, step };
    return state;
  }
  switch (event.type) {
    case 'delta':
      return state.status === 'loading' && !state.isValidating
        ? { ...state, answer: state.answer + event.text }
        : state;
    case 'sources':
      return state.status === 'loading' ? { ...state, sources: event.sources } : state;
    case 'success':
      if (state.status !== 'loading') return state;
      return {
        ...state,
        status: 'success',
        step: null,
        isValidating: false,
        answer: event.answer ?? state.answer,
        runId: event.runId ?? state.runId,
        model: event.model ?? state.model,
        validation: event.validation ?? (state.isValidating ? 'validated' : state.validation),
      };
    case 'error':
    case 'cancel':
      if (state.status !== 'loading') return state;
      return {
        ...state,
        status: 'error',
        step: null,
        error: event.message,
        validation: state.isValidating ? 'failed' : state.validation,
        isValidating: false,
      };
    case 'validate':
      if (state.status !== 'success') return state;
      return {
        ...state,
        status: 'loading',
        step: null,
        answer: event.answer,
        validation: 'pending',
        isValidating: true,
      };
    case 'reset':
      return state.status === 'success' || state.status === 'error' ? IDLE : state;
  }
  return state;
}
