import { useEffect, useRef, useState } from 'react';
import { CONTEXT_ITEM_NAME_MAX_LENGTH } from '@tessera/contracts/context';
import { cn } from '@tessera/ui';
import { createRenameController, type RenameDecision } from '../lib/rename';

export interface ItemNameFieldProps {
  name: string;
  /** Saves a new name; resolves false when the save failed (the old name is put back). */
  onRename: (name: string) => Promise<boolean>;
}

/**
 * The item's name, editable in place (docs/product/data-sources.md#limits): a blur saves after 500 ms, Enter saves at once,
 * Escape puts the stored name back without closing the dialog around it.
 */
export function ItemNameField({ name, onRename }: ItemNameFieldProps) {
  const [draft, setDraft] = useState(name);
  const inputRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef(name);
  /** The name being saved: later decisions compare against it, so a blur after Enter saves nothing twice. */
  const savingRef = useRef<string | null>(null);
  /** Enter and Escape decide themselves; the blur they cause must not decide again. */
  const skipBlurRef = useRef(false);
  const onRenameRef = useRef(onRename);
  onRenameRef.current = onRename;
  nameRef.current = name;

  const [controller] = useState(() =>
    createRenameController({
      getOriginal: () => savingRef.current ?? nameRef.current,
      onDecision: (decision: RenameDecision) => {
        if (decision.action === 'revert') setDraft(savingRef.current ?? nameRef.current);
        else if (decision.action === 'none') setDraft((d) => d.trim());
        else {
          savingRef.current = decision.name;
          setDraft(decision.name);
          void onRenameRef.current(decision.name).then((ok) => {
            savingRef.current = null;
            if (!ok) setDraft(nameRef.current);
          });
        }
      },
    }),
  );

  // A rename from elsewhere (another tab, the live stream) shows unless the field is being edited.
  useEffect(() => {
    if (document.activeElement !== inputRef.current && !controller.isPending() && savingRef.current === null)
      setDraft(name);
  }, [name, controller]);

  // Unmounting (the dialog closed) takes a pending blur save at once instead of dropping it.
  useEffect(() => () => controller.flush(), [controller]);

  // Escape must cancel the edit, not close the dialog: the dialog listens on the document in the
  // capture phase, so the field's own handler has to run earlier, on the window.
  useEffect(() => {
    function handleKey(event: KeyboardEvent) {
      if (event.key !== 'Escape' || event.target !== inputRef.current) return;
      event.stopPropagation();
      event.preventDefault();
      controller.escape();
      skipBlurRef.current = true;
      inputRef.current?.blur();
    }
    window.addEventListener('keydown', handleKey, true);
    return () => window.removeEventListener('keydown', handleKey, true);
  }, [controller]);

  return (
    <input
      ref={inputRef}
      value={draft}
      maxLength={CONTEXT_ITEM_NAME_MAX_LENGTH}
      aria-label="Item name"
      spellCheck={false}
      onChange={(e) => setDraft(e.target.value)}
      onFocus={() => controller.focus()}
      onBlur={(e) => {
        if (skipBlurRef.current) {
          skipBlurRef.current = false;
          return;
        }
        controller.blur(e.currentTarget.value);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          controller.enter(e.currentTarget.value);
          skipBlurRef.current = true;
          e.currentTarget.blur();
        }
      }}
      className={cn(
        'h-8 w-full min-w-0 truncate rounded-md border border-transparent bg-transparent px-1.5 -ml-1.5 text-sm font-medium text-ink outline-none',
        'hover:border-line-strong focus:border-brand-500 focus:bg-surface focus:ring-3 focus:ring-brand-500/15',
      )}
    />
  );
}
