import { useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { Button, Input, toast } from '@tessera/ui';

/** A read-only value with a copy button (the ping or webhook URL). */
export function CopyField({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="flex gap-2">
      <Input readOnly value={value} aria-label={label} className="font-mono text-xs" />
      <Button
        type="button"
        variant="secondary"
        size="icon"
        aria-label={`Copy ${label.charAt(0).toLowerCase()}${label.slice(1)}`}
        onClick={() =>
          void navigator.clipboard.writeText(value).then(() => {
            setCopied(true);
            toast.success('Link copied!');
          })
        }
      >
        {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
      </Button>
    </div>
  );
}
