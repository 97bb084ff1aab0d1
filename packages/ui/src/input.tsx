import { useState, type InputHTMLAttributes, type Ref, type TextareaHTMLAttributes } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { cn } from './cn';

const CONTROL =
  'w-full rounded-lg border border-line-strong bg-surface text-base text-ink shadow-xs outline-none sm:text-sm ' +
  'transition-[border-color,box-shadow] duration-150 placeholder:text-ink-faint ' +
  'hover:border-ink-faint focus:border-brand-500 focus:ring-3 focus:ring-brand-500/15 ' +
  'aria-[invalid=true]:border-red-500 aria-[invalid=true]:focus:ring-red-500/15 ' +
  'disabled:cursor-not-allowed disabled:bg-surface-muted disabled:text-ink-subtle read-only:bg-surface-muted';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

/** A single-line text control; pair it with Field for its label, hint and error. */
export function Input({ className, type = 'text', ...rest }: InputProps) {
  return <input type={type} className={cn(CONTROL, 'h-10 px-3', className)} {...rest} />;
}

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea({ className, rows = 4, ...rest }: TextareaProps) {
  return (
    <textarea
      rows={rows}
      className={cn(CONTROL, 'min-h-20 resize-y px-3 py-2.5 leading-relaxed', className)}
      {...rest}
    />
  );
}

export type PasswordInputProps = Omit<InputProps, 'type'>;

/** A password control with a show/hide toggle that keeps focus order and announces its state. */
export function PasswordInput({ className, disabled, ...rest }: PasswordInputProps) {
  const [isVisible, setIsVisible] = useState(false);
  return (
    <div className="relative">
      <Input type={isVisible ? 'text' : 'password'} className={cn('pr-11', className)} disabled={disabled} {...rest} />
      <button
        type="button"
        className={
          'absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-ink-subtle ' +
          'hover:text-ink focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500 disabled:pointer-events-none'
        }
        onClick={() => setIsVisible((v) => !v)}
        aria-label={isVisible ? 'Hide password' : 'Show password'}
        aria-pressed={isVisible}
        disabled={disabled}
      >
        {isVisible ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
      </button>
    </div>
  );
}
