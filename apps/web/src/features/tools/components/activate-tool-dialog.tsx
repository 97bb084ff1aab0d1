import { useState } from 'react';
import { Check, Copy, ExternalLink, PartyPopper } from 'lucide-react';
import { type PlanId } from '@tessera/contracts/plans';
import { ACTIVATED_TOOL_PER_APP_LIMIT_REACHED } from '@tessera/contracts/tools';
import { Button, Dialog, DialogClose, DialogContent, Input, toast } from '@tessera/ui';
import { UpgradePrompt } from '../../data-sources';
import type { ToolActivation } from '../hooks/use-tool-activation';

export interface ActivateToolDialogProps {
  /** The live tool's public link; null keeps the dialog closed. */
  publicUrl: string | null;
  title: string;
  onClose: () => void;
}

/** "Activate Your Tool" (docs/product/tools.md#screens-and-routes): the tool is live; its public link to copy or open. */
export function ActivateToolDialog({ publicUrl, title, onClose }: ActivateToolDialogProps) {
  const [isCopied, setIsCopied] = useState(false);

  async function copy() {
    if (!publicUrl) return;
    try {
      await navigator.clipboard.writeText(publicUrl);
      setIsCopied(true);
      toast.success('Link copied');
      setTimeout(() => setIsCopied(false), 2000);
    } catch {
      toast.error('Could not copy the link; select it and copy it instead');
    }
  }

  return (
    <Dialog open={publicUrl !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        size="sm"
        title="Activate Your Tool"
        description={`${title || 'Your tool'} is live. Anyone with the link can use it.`}
        footer={
          <DialogClose asChild>
            <Button variant="secondary">Done</Button>
          </DialogClose>
        }
      >
        <div className="space-y-4">
          <div className="flex items-center gap-3 rounded-xl bg-emerald-50 px-3.5 py-3 text-sm text-emerald-900 ring-1 ring-emerald-200">
            <PartyPopper className="size-5 shrink-0 text-emerald-600" aria-hidden />
            Share it on your site, in a newsletter or on social media.
          </div>
          <div className="space-y-1.5">
            <label htmlFor="tool-public-link" className="text-sm font-medium text-ink">
              Public link
            </label>
            <div className="flex gap-2">
              <Input
                id="tool-public-link"
                readOnly
                value={publicUrl ?? ''}
                onFocus={(e) => e.currentTarget.select()}
                className="font-mono text-[13px]"
              />
              <Button variant="secondary" onClick={() => void copy()} aria-label="Copy link">
                {isCopied ? <Check aria-hidden /> : <Copy aria-hidden />}
              </Button>
            </div>
          </div>
          <Button asChild fullWidth>
            <a href={publicUrl ?? undefined} target="_blank" rel="noreferrer">
              <ExternalLink aria-hidden />
              Open the tool
            </a>
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** What switching a tool live opens: Activate Your Tool with its link, or the live-tool limit's upgrade prompt. */
export function ToolActivationDialogs({ activation, plan }: { activation: ToolActivation; plan: PlanId | undefined }) {
  return (
    <>
      <ActivateToolDialog
        publicUrl={activation.liveLink?.url ?? null}
        title={activation.liveLink?.title ?? ''}
        onClose={activation.closeLink}
      />
      <UpgradePrompt
        reason={activation.upgradeMessage ? ACTIVATED_TOOL_PER_APP_LIMIT_REACHED : null}
        message={activation.upgradeMessage ?? undefined}
        currentPlan={plan}
        onClose={activation.closeUpgrade}
      />
    </>
  );
}
