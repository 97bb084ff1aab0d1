import { TOAST_LIMIT } from '@tessera/contracts/runtime';

export interface Toast {
  id: number;
  message: string;
  type: 'info' | 'success' | 'error';
}

let shown: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Shows a toast; only one is on screen at a time (docs/product/runtime.md#limits), a new one replaces it. */
export function showToast(
  message: string,
  { type = 'info', durationMs = 3000 }: { type?: Toast['type']; durationMs?: number } = {},
): void {
  const toast = { id: nextId++, message, type };
  shown = [...shown, toast].slice(-TOAST_LIMIT);
  emit();
  setTimeout(() => dismissToast(toast.id), durationMs);
}

export function dismissToast(id: number): void {
  const before = shown.length;
  shown = shown.filter((t) => t.id !== id);
  if (shown.length !== before) emit();
}

export function getToasts(): Toast[] {
  return shown;
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
