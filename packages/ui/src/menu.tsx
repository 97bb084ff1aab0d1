import type { ComponentProps } from 'react';
import { DropdownMenu } from 'radix-ui';
import { cn } from './cn';

/** A dropdown menu (user menu, row actions): keyboard navigable, closes on Escape. */
export const Menu = DropdownMenu.Root;
export const MenuTrigger = DropdownMenu.Trigger;

export function MenuContent({
  className,
  align = 'end',
  sideOffset = 8,
  ...rest
}: ComponentProps<typeof DropdownMenu.Content>) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        align={align}
        sideOffset={sideOffset}
        className={cn(
          'z-50 min-w-56 rounded-xl border border-line bg-surface p-1.5 shadow-pop outline-none data-[state=open]:animate-pop-in',
          className,
        )}
        {...rest}
      />
    </DropdownMenu.Portal>
  );
}

export function MenuItem({ className, ...rest }: ComponentProps<typeof DropdownMenu.Item>) {
  return (
    <DropdownMenu.Item
      className={cn(
        'flex h-9 cursor-pointer items-center gap-2.5 rounded-lg px-2.5 text-sm text-ink outline-none select-none',
        'data-[highlighted]:bg-zinc-100 data-[disabled]:pointer-events-none data-[disabled]:opacity-50',
        '[&_svg]:size-4 [&_svg]:text-ink-subtle',
        className,
      )}
      {...rest}
    />
  );
}

export function MenuLabel({ className, ...rest }: ComponentProps<typeof DropdownMenu.Label>) {
  return <DropdownMenu.Label className={cn('px-2.5 pt-1.5 pb-2', className)} {...rest} />;
}

export function MenuSeparator({ className, ...rest }: ComponentProps<typeof DropdownMenu.Separator>) {
  return <DropdownMenu.Separator className={cn('-mx-1.5 my-1.5 h-px bg-line', className)} {...rest} />;
}
