import { Children, cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import { cn } from './cn';

type ControlProps = {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  required?: boolean;
};

export interface FieldProps {
  label: ReactNode;
  /** The single form control; it receives id, aria-describedby and aria-invalid. */
  children: ReactElement<ControlProps>;
  hint?: ReactNode;
  /** Inline error, announced to screen readers when it appears. */
  error?: ReactNode;
  /** Shows "Optional" beside the label. */
  optional?: boolean;
  /** Something on the label's line, right-aligned (e.g. a "Forgot password?" link). */
  labelAction?: ReactNode;
  className?: string;
}

/** Label, control, hint and error wired together for assistive technology. */
export function Field({ label, children, hint, error, optional, labelAction, className }: FieldProps) {
  const autoId = useId();
  const control = Children.only(children);
  const id = (isValidElement(control) && control.props.id) || `field-${autoId}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [control.props['aria-describedby'], hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {label}
          {optional && <span className="ml-1.5 font-normal text-ink-subtle">Optional</span>}
        </label>
        {labelAction}
      </div>
      {cloneElement(control, { id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint && !error && (
        <p id={hintId} className="text-[13px] leading-snug text-ink-subtle">
          {hint}
        </p>
      )}
      {hint && error && (
        <p id={hintId} className="sr-only">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="flex items-start gap-1.5 text-[13px] leading-snug text-red-600">
          <CircleAlert className="mt-px size-3.5 shrink-0" aria-hidden />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}
