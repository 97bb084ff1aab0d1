import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  showsWatermark,
  type AppLook,
  type AppLookResponse,
  type AppStyle,
  type AppTexts,
} from '@tessera/contracts/apps';
import { type PlanId } from '@tessera/contracts/plans';
import { toast } from '@tessera/ui';
import { isApiError } from '../../../shared/api';
import { SaveQueue, type SaveState } from '../../tools';
import { lookKeys, saveAppStyle, saveAppTexts } from '../api/look';

/** The save failures' texts (docs/product/runtime.md#rules-and-messages). */
export const LOOK_SAVE_MESSAGES = {
  style: 'Failed to save app style',
  texts: 'Failed to save app',
} as const;

/** A refused change shows the server's reason (a bad colour, the plan); anything else the save's message. */
function saveErrorText(error: unknown, fallback: string): string {
  return isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401
    ? error.message
    : fallback;
}

export interface LookEditor {
  style: AppStyle;
  texts: AppTexts;
  /** What the preview shows now (before any save). */
  look: AppLook;
  canHideWatermark: boolean;
  saveState: SaveState;
  setStyle: (style: AppStyle) => void;
  setTexts: (texts: AppTexts) => void;
  /** Saves what is pending now (the Done buttons). */
  flush: () => Promise<void>;
}

/**
 * The App branding and App texts drafts (docs/product/editor-and-chat.md#states-and-transitions): an edit shows in the preview at
 * once and is saved 2000 ms after the last one, one request at a time; a failure toasts and keeps
 * the edit for the next try.
 */
export function useLookEditor(appId: string, saved: AppLookResponse | undefined, plan: PlanId): LookEditor {
  const queryClient = useQueryClient();
  const [style, setStyleState] = useState<AppStyle>({});
  const [texts, setTextsState] = useState<AppTexts>({});
  const [loaded, setLoaded] = useState(false);
  const [states, setStates] = useState<Record<'style' | 'texts', SaveState>>({ style: 'idle', texts: 'idle' });

  // The first answer of the look query fills the drafts; later edits are the builder's.
  if (saved && !loaded) {
    setLoaded(true);
    setStyleState(saved.style as AppStyle);
    setTextsState(saved.texts as AppTexts);
  }

  const queues = useRef<{ style: SaveQueue<AppStyle>; texts: SaveQueue<AppTexts> } | null>(null);
  if (!queues.current) {
    const track = (key: 'style' | 'texts') => (state: SaveState) => setStates((prev) => ({ ...prev, [key]: state }));
    const remember = (patch: Partial<AppLookResponse>) =>
      queryClient.setQueryData<AppLookResponse>(lookKeys.detail(appId), (data) =>
        data ? { ...data, ...patch } : data,
      );
    queues.current = {
      style: new SaveQueue<AppStyle>({
        save: async (value) => {
          await saveAppStyle(appId, value);
          remember({ style: value as Record<string, unknown> });
        },
        onStateChange: track('style'),
        onError: (error) => toast.error(saveErrorText(error, LOOK_SAVE_MESSAGES.style)),
      }),
      texts: new SaveQueue<AppTexts>({
        save: async (value) => {
          await saveAppTexts(appId, value);
          remember({ texts: value as Record<string, unknown> });
        },
        onStateChange: track('texts'),
        onError: (error) => toast.error(saveErrorText(error, LOOK_SAVE_MESSAGES.texts)),
      }),
    };
  }

  useEffect(() => {
    const current = queues.current!;
    return () => {
      // Leaving the editor saves what is pending rather than dropping it.
      void current.style.flush();
      void current.texts.flush();
    };
  }, []);

  const look = useMemo<AppLook>(
    () => ({ style, texts, showWatermark: showsWatermark(style, plan) }),
    [style, texts, plan],
  );
  const order: SaveState[] = ['error', 'saving', 'pending', 'saved', 'idle'];
  const saveState = order.find((s) => states.style === s || states.texts === s) ?? 'idle';

  return {
    style,
    texts,
    look,
    canHideWatermark: saved?.canHideWatermark ?? false,
    saveState,
    setStyle(next) {
      setStyleState(next);
      queues.current!.style.push(next);
    },
    setTexts(next) {
      setTextsState(next);
      queues.current!.texts.push(next);
    },
    async flush() {
      await Promise.all([queues.current!.style.flush(), queues.current!.texts.flush()]);
    },
  };
}
