import { useId, type ReactNode } from 'react';
import { Switch } from '@tessera/ui';

/** A titled group of a panel's controls. */
export function PanelSection({ title, hint, children }: { title: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <section className="space-y-3">
      <div>
        <h3 className="text-xs font-semibold tracking-wide text-ink-subtle uppercase">{title}</h3>
        {hint && <p className="mt-1 text-[13px] leading-snug text-ink-subtle">{hint}</p>}
      </div>
      {children}
    </section>
  );
}

export interface ToggleRowProps {
  label: string;
  hint?: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}

/** A switch with its label and a line of explanation (its description). */
export function ToggleRow({ label, hint, checked, onCheckedChange, disabled }: ToggleRowProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="flex items-start justify-between gap-3">
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="block cursor-pointer text-sm font-medium text-ink">
          {label}
        </label>
        {hint && (
          <p id={hintId} className="mt-0.5 text-[13px] leading-snug text-ink-subtle">
            {hint}
          </p>
        )}
      </div>
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={hint ? hintId : undefined}
        className="mt-0.5"
      />
    </div>
  );
}
