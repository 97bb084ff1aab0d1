import type { ReactNode } from 'react';
import { Button } from '@tessera/ui';

/** A side panel's title row with the Done button that goes back to the menu. */
export function PanelHeader({ icon, title, onDone }: { icon: ReactNode; title: string; onDone: () => void }) {
  return (
    <div className="flex h-11 shrink-0 items-center justify-between gap-2 border-b border-line px-3">
      <h2 className="flex items-center gap-2 text-sm font-semibold text-ink">
        {icon}
        {title}
      </h2>
      <Button size="sm" variant="secondary" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}
