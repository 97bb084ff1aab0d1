import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { APP_MESSAGES } from '@tessera/contracts';
import { type AppStyle, type ToolApp } from '@tessera/contracts/apps';
import { TOOL_MESSAGES } from '@tessera/contracts/tools';
import { toast } from '@tessera/ui';
import { isApiError } from '../../../shared/api';
import { toolKeys, toolsApi, type ToolAppDetails } from '../api/tools';
import { SaveQueue, type SaveState } from '../lib/save-queue';

const STYLE_SAVE_FAILED = 'Failed to save app style';

/**
 * A save the server refused (a 4xx other than a lost session, a timeout or a rate limit): sending
 * the same value again would be refused again, so it waits for the builder's next edit.
 */
function isRefusal(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status);
}

/** The save's failure message, once per failed save, with the server's reason under it when it refused. */
const reportSaveError = (message: string) => (error: unknown, isRefused: boolean) =>
  toast.error(message, isRefused && isApiError(error) ? { description: error.message } : undefined);

export interface ToolEditor {
  app: ToolApp;
  style: AppStyle;
  settings: Record<string, unknown>;
  saveState: SaveState;
  /** Applies an edit to the newest definition (two edits in one event compose). */
  updateApp: (edit: (app: ToolApp) => ToolApp) => void;
  setStyle: (style: AppStyle) => void;
  setSettings: (settings: Record<string, unknown>) => void;
  /** Saves everything pending now (Done buttons, activation, leaving). */
  flush: () => Promise<void>;
}

/**
 * The tool builder's draft and its saving (docs/product/tools.md#states-and-transitions): every
 * edit shows at once in the panels and the preview and is saved 2000 ms after the last one through
 * `POST /api/apps` (the definition), `/style` and `/settings`, one request at a time each. The
 * app is saved before its settings (the saving order). A failure toasts the save's message once and
 * keeps the edit; a refused one (with the server's reason) is tried again only after the next edit.
 * Leaving with unsaved edits asks first.
 */
export function useToolEditor(details: ToolAppDetails): ToolEditor {
  const appId = details.appId;
  const queryClient = useQueryClient();
  const [app, setAppState] = useState<ToolApp>(() => ({ ...details.definition, name: details.name }) as ToolApp);
  const latestApp = useRef(app);
  const [style, setStyleState] = useState<AppStyle>(details.style ?? {});
  const [settings, setSettingsState] = useState<Record<string, unknown>>(details.settings ?? {});
  const [states, setStates] = useState<Record<'app' | 'style' | 'settings', SaveState>>({
    app: 'idle',
    style: 'idle',
    settings: 'idle',
  });

  const queues = useRef<{
    app: SaveQueue<ToolApp>;
    style: SaveQueue<AppStyle>;
    settings: SaveQueue<Record<string, unknown>>;
  } | null>(null);
  if (!queues.current) {
    const track = (key: 'app' | 'style' | 'settings') => (state: SaveState) =>
      setStates((prev) => ({ ...prev, [key]: state }));
    const appQueue = new SaveQueue<ToolApp>({
      save: async (value) => {
        // A generated app's tools (App tools) are saved on their own: its pages are the chat's.
        if (details.appType === 'generated') await toolsApi.saveToolParts(appId, value);
        else await toolsApi.saveApp(appId, value);
        void queryClient.invalidateQueries({ queryKey: toolKeys.list(appId) });
      },
      onStateChange: track('app'),
      onError: reportSaveError(TOOL_MESSAGES.saveToolFailed),
      isRefusal,
    });
    queues.current = {
      app: appQueue,
      style: new SaveQueue<AppStyle>({
        save: async (value) => {
          await toolsApi.saveStyle(appId, value);
        },
        onStateChange: track('style'),
        onError: reportSaveError(STYLE_SAVE_FAILED),
        isRefusal,
      }),
      settings: new SaveQueue<Record<string, unknown>>({
        // The app is saved before its settings.
        save: async (value) => {
          await appQueue.flush();
          await toolsApi.saveSettings(appId, value);
        },
        onStateChange: track('settings'),
        onError: reportSaveError(APP_MESSAGES.appSettingsSaveFailed),
        isRefusal,
      }),
    };
  }

  const flush = useCallback(async () => {
    const q = queues.current!;
    await q.app.flush();
    await Promise.all([q.style.flush(), q.settings.flush()]);
  }, []);

  // Leaving the page saves what is pending; closing the tab with unsaved edits asks first.
  useEffect(() => {
    const q = queues.current!;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (q.app.hasPending || q.style.hasPending || q.settings.hasPending) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      void flushAll(q);
    };
  }, []);

  const saveState = useMemo<SaveState>(() => {
    const all = Object.values(states);
    for (const state of ['error', 'saving', 'pending', 'saved'] as const) if (all.includes(state)) return state;
    return 'idle';
  }, [states]);

  return {
    app,
    style,
    settings,
    saveState,
    updateApp: (edit) => {
      const next = edit(latestApp.current);
      latestApp.current = next;
      setAppState(next);
      queues.current!.app.push(next);
    },
    setStyle: (next) => {
      setStyleState(next);
      queues.current!.style.push(next);
    },
    setSettings: (next) => {
      setSettingsState(next);
      queues.current!.settings.push(next);
    },
    flush,
  };
}

async function flushAll(q: {
  app: SaveQueue<ToolApp>;
  style: SaveQueue<AppStyle>;
  settings: SaveQueue<Record<string, unknown>>;
}) {
  await q.app.flush();
  await Promise.all([q.style.flush(), q.settings.flush()]);
}
