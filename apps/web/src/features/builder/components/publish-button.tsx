import { useId, useState } from 'react';
import { MESSAGES } from '@tessera/contracts';
import { type PublishDryRunResponse } from '@tessera/contracts/apps';
import { Button, Dialog, DialogContent, Input, toast } from '@tessera/ui';
import { Copy, ExternalLink, Rocket } from 'lucide-react';
import { errorMessage } from '../../../shared/api';
import { publishDryRun, publishVersion } from '../api/publish';
import { hasChangesToReview, PublishChanges } from './publish-changes';

export interface PublishButtonProps {
  appId: string;
  /** Nothing to publish yet, or a turn is still writing. */
  disabled: boolean;
  /** The app's address on its own host (from the app details). */
  appUrl: string;
  onPublished: (versionId: string) => void;
  compact?: boolean;
}

/**
 * The toolbar's Publish (docs/product/editor-and-chat.md#screens-and-routes): makes the latest version live, then shows the app's address to
 * copy. When that changes what end users have (tables, fields, access rules, values that cannot be
 * converted), the dry run's list is shown first and the builder confirms it.
 */
export function PublishButton({ appId, disabled, appUrl, onPublished, compact }: PublishButtonProps) {
  const [isPublishing, setIsPublishing] = useState(false);
  const [review, setReview] = useState<PublishDryRunResponse | null>(null);
  const [published, setPublished] = useState<{ url: string; number: number } | null>(null);
  const urlId = useId();

  async function publish(versionId: string) {
    const result = await publishVersion(appId, versionId);
    setReview(null);
    onPublished(result.versionId);
    setPublished({ url: appUrl, number: result.number });
  }

  async function run(work: () => Promise<void>) {
    setIsPublishing(true);
    try {
      await work();
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setIsPublishing(false);
    }
  }

  const handlePublish = () =>
    run(async () => {
      const dryRun = await publishDryRun(appId);
      if (hasChangesToReview(dryRun)) setReview(dryRun);
      else await publish(dryRun.versionId);
    });

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
      <Dialog open={review !== null} onOpenChange={(open) => !open && setReview(null)}>
        <DialogContent
          size="md"
          title={review ? `Publish version ${review.number}?` : 'Publish'}
          description="These changes reach your users when you publish. Until then they keep the published version."
          footer={
            <>
              <Button variant="secondary" onClick={() => setReview(null)}>
                Cancel
              </Button>
              <Button loading={isPublishing} onClick={() => review && run(() => publish(review.versionId))}>
                <Rocket aria-hidden />
                Publish changes
              </Button>
            </>
          }
        >
          {review && <PublishChanges dryRun={review} />}
        </DialogContent>
      </Dialog>
      <Dialog open={published !== null} onOpenChange={(open) => !open && setPublished(null)}>
        <DialogContent
          size="sm"
          title="Your app is live"
          description={
            published
              ? `Version ${published.number} is now what your users see. Later changes from the chat or the Database panel reach them when you publish again.`
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
