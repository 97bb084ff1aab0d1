import { useId, useState } from 'react';
import { MESSAGES } from '@tessera/contracts';
import { Button, Dialog, DialogContent, Input, toast } from '@tessera/ui';
import { Copy, ExternalLink, Rocket } from 'lucide-react';
import { errorMessage } from '../../../shared/api';
import { publishApp } from '../../editor';

export interface PublishButtonProps {
  appId: string;
  /** Nothing to publish yet, or a turn is still writing. */
  disabled: boolean;
  /** The app's address on its own host (from the app details). */
  appUrl: string;
  onPublished: (versionId: string) => void;
  compact?: boolean;
}

/** The toolbar's Publish (spec 1 §2): makes the latest version live, then shows the app's address to copy. */
export function PublishButton({ appId, disabled, appUrl, onPublished, compact }: PublishButtonProps) {
  const [isPublishing, setIsPublishing] = useState(false);
  const [published, setPublished] = useState<{ url: string; number: number } | null>(null);
  const urlId = useId();

  async function handlePublish() {
    setIsPublishing(true);
    try {
      const result = await publishApp(appId);
      onPublished(result.versionId);
      setPublished({ url: appUrl, number: result.number });
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setIsPublishing(false);
    }
  }

  async function handleCopy() {
    if (!published?.url) return;
    try {
      await navigator.clipboard.writeText(published.url);
      toast.success(MESSAGES.chat.linkCopied);
    } catch {
      // Clipboard refused (permissions, insecure origin): select the text so the user can copy it.
      (document.getElementById(urlId) as HTMLInputElement | null)?.select();
    }
  }

  return (
    <>
      <Button
        size="sm"
        onClick={handlePublish}
        loading={isPublishing}
        disabled={disabled}
        aria-label={compact ? 'Publish' : undefined}
      >
        <Rocket aria-hidden />
        {!compact && 'Publish'}
      </Button>
      <Dialog open={published !== null} onOpenChange={(open) => !open && setPublished(null)}>
        <DialogContent
          size="sm"
          title="Your app is live"
          description={
            published
              ? `Version ${published.number} is now what your users see. Later chat changes reach them when you publish again.`
              : undefined
          }
          footer={
            published?.url ? (
              <>
                <Button variant="secondary" asChild>
                  <a href={published.url} target="_blank" rel="noreferrer">
                    <ExternalLink aria-hidden />
                    Open
                  </a>
                </Button>
                <Button onClick={handleCopy}>
                  <Copy aria-hidden />
                  Copy link
                </Button>
              </>
            ) : undefined
          }
        >
          {published?.url && (
            <>
              <label htmlFor={urlId} className="mb-1.5 block text-[13px] font-medium text-ink">
                App address
              </label>
              <Input id={urlId} readOnly value={published.url} onFocus={(e) => e.currentTarget.select()} />
            </>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
