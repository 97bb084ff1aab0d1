import { useSyncExternalStore } from 'react';

/** Why the upgrade dialog is open: an upgrade reason, the server's message, or nothing (opened by hand). */
export interface UpgradeRequest {
  reason?: string | null;
  message?: string;
}

let current: UpgradeRequest | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Opens the one upgrade dialog of the page (the UpgradeHost renders it). */
export function openUpgradeDialog(request: UpgradeRequest = {}) {
  current = request;
  emit();
}

export function closeUpgradeDialog() {
  current = null;
  emit();
}

export function useUpgradeRequest(): UpgradeRequest | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
