import type { ComponentProps } from 'react';
import { Switch as RadixSwitch } from 'radix-ui';
import { cn } from './cn';

export type SwitchProps = ComponentProps<typeof RadixSwitch.Root>;

/**
 * An on/off toggle (`role="switch"`, Space toggles it), controlled with `checked`/`onCheckedChange`.
 * Name it with a `<label htmlFor>` or an aria-label; describe a disabled one with aria-describedby.
 */
export function Switch({ className, ...rest }: SwitchProps) {
  return (
    <RadixSwitch.Root
      className={cn(
        'inline-flex h-6 w-10 shrink-0 cursor-pointer items-center rounded-full p-0.5 transition-colors duration-150',
        'bg-zinc-300 data-[state=checked]:bg-brand-600',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
        'disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...rest}
    >
      <RadixSwitch.Thumb className="pointer-events-none block size-5 rounded-full bg-white shadow-sm transition-transform duration-150 data-[state=checked]:translate-x-4" />
    </RadixSwitch.Root>
  );
}
