import { MESSAGES } from '@tessera/contracts';
import { type VersionEntry } from '@tessera/contracts/chat';
import {
  Button,
  Dialog,
  DialogContent,
  Menu,
  MenuContent,
  MenuItem,
  MenuLabel,
  MenuSeparator,
  MenuTrigger,
  cn,
} from '@tessera/ui';
import { Check, ChevronDown, History } from 'lucide-react';

const timeFormat = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** "Version 3". */
export const versionLabel = (v: Pick<VersionEntry, 'number'>) => `Version ${v.number}`;

export interface VersionsMenuProps {
  versions: VersionEntry[];
  selectedId: string | null;
  onSelect: (version: VersionEntry) => void;
  disabled?: boolean;
}

/** The version list (docs/product/editor-and-chat.md#states-and-transitions): the newest 10, the latest marked current, the selected one checked. */
export function VersionsMenu({ versions, selectedId, onSelect, disabled }: VersionsMenuProps) {
  const latest = versions[0];
  const selected = versions.find((v) => v.id === selectedId) ?? latest;
  return (
    <Menu>
      <MenuTrigger asChild disabled={disabled || !versions.length}>
        <Button
          variant="secondary"
          size="sm"
          aria-label={selected ? `Versions, showing ${versionLabel(selected)}` : 'Versions'}
        >
          <History aria-hidden />
          <span className="hidden sm:inline">{selected ? versionLabel(selected) : 'No versions'}</span>
          <ChevronDown aria-hidden />
        </Button>
      </MenuTrigger>
      <MenuContent align="start" className="w-80 max-w-[calc(100vw-1rem)]">
        <MenuLabel className="text-xs font-medium tracking-wide text-ink-faint uppercase">Versions</MenuLabel>
        <MenuSeparator />
        {versions.map((v) => {
          const isSelected = v.id === selected?.id;
          return (
            <MenuItem
              key={v.id}
              onSelect={() => onSelect(v)}
              className="h-auto items-start py-2"
              aria-current={isSelected ? 'true' : undefined}
            >
              <Check className={cn('mt-0.5', !isSelected && 'invisible')} aria-hidden />
              <span className="min-w-0 flex-1">
                <span className="flex items-center gap-1.5">
                  <span className="font-medium">{versionLabel(v)}</span>
                  {v === latest && (
                    <span className="rounded bg-emerald-50 px-1.5 text-[11px] font-medium text-emerald-700 ring-1 ring-emerald-200 ring-inset">
                      current
                    </span>
                  )}
                  <span className="ml-auto text-[11px] text-ink-faint">{timeFormat.format(new Date(v.timestamp))}</span>
                </span>
                <span className="line-clamp-2 text-xs text-ink-subtle">{v.userRequest || v.content}</span>
              </span>
            </MenuItem>
          );
        })}
      </MenuContent>
    </Menu>
  );
}

export interface OlderVersionDialogProps {
  version: VersionEntry | null;
  onSwitchToLatest: () => void;
  onStay: () => void;
}

/** docs/product/editor-and-chat.md#screens-and-routes older-version dialog: switch to the latest version or stay on this one. */
export function OlderVersionDialog({ version, onSwitchToLatest, onStay }: OlderVersionDialogProps) {
  return (
    <Dialog open={version !== null} onOpenChange={(open) => !open && onStay()}>
      <DialogContent
        size="sm"
        title={version ? `You are viewing ${versionLabel(version)}` : ''}
        description="This is an older version. The preview shows it; messages go to the latest version only."
        footer={
          <>
            <Button variant="secondary" onClick={onStay}>
              {MESSAGES.chat.stayOnVersion}
            </Button>
            <Button onClick={onSwitchToLatest}>{MESSAGES.chat.switchToLatest}</Button>
          </>
        }
      />
    </Dialog>
  );
}
