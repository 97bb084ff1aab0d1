import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Copy, ExternalLink } from 'lucide-react';
import { MESSAGES } from '@tessera/contracts';
import { APP_NAME_MAX_LENGTH, APP_TEXT_LIMITS, SLUG_PATTERN } from '@tessera/contracts/apps';
import { Button, Field, Input, Skeleton, Textarea, toast } from '@tessera/ui';
import { isApiError } from '../../../shared/api';
import { SaveIndicator, SaveQueue, type SaveState } from '../../tools';
import { appKeys, useAppDetails } from '../api/app';
import { changeAppSlug, renameApp } from '../api/look';
import type { LookEditor } from '../hooks/use-look-editor';

const SAVE_FAILED = 'Failed to save app';
const errorText = (error: unknown) =>
  isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401 ? error.message : SAVE_FAILED;

/** What is wrong with a typed address, or null. */
function slugProblem(slug: string): string | null {
  if (slug === '') return 'Choose an address';
  return SLUG_PATTERN.test(slug)
    ? null
    : 'Lowercase letters, digits and dashes only (48 at most), no dash at either end';
}

/**
 * App details (docs/product/editor-and-chat.md#screens-and-routes): the app's name, its address (slug) with the link to copy or
 * open, and the description search results and link previews show. Saved 2000 ms after the last
 * edit like the other panels; a refused address shows the server's reason.
 */
export function AppDetailsPanel({ appId, editor }: { appId: string; editor: LookEditor }) {
  const app = useAppDetails(appId);
  if (app.isPending) {
    return (
      <div className="space-y-4" aria-busy aria-label="Loading app details">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (app.isError) return null;
  return (
    <DetailsForm
      appId={appId}
      name={app.data.name}
      slug={app.data.slug}
      // Only generated apps are served on their address today: a space's link would lead nowhere.
      appUrl={app.data.appType === 'generated' ? app.data.appUrl : null}
      editor={editor}
    />
  );
}

function DetailsForm({
  appId,
  name: savedName,
  slug: savedSlug,
  appUrl,
  editor,
}: {
  appId: string;
  name: string;
  slug: string;
  appUrl: string | null;
  editor: LookEditor;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(savedName);
  const [slug, setSlug] = useState(savedSlug);
  const [states, setStates] = useState<Record<'name' | 'slug', SaveState>>({ name: 'idle', slug: 'idle' });
  const queues = useRef<{ name: SaveQueue<string>; slug: SaveQueue<string> } | null>(null);
  if (!queues.current) {
    const track = (key: 'name' | 'slug') => (state: SaveState) => setStates((prev) => ({ ...prev, [key]: state }));
    const refresh = () => void queryClient.invalidateQueries({ queryKey: appKeys.detail(appId) });
    queues.current = {
      name: new SaveQueue<string>({
        save: async (value) => {
          await renameApp(appId, value);
          refresh();
        },
        onStateChange: track('name'),
        onError: (error) => toast.error(errorText(error)),
      }),
      slug: new SaveQueue<string>({
        save: async (value) => {
          await changeAppSlug(appId, value);
          refresh();
        },
        onStateChange: track('slug'),
        onError: (error) => toast.error(errorText(error)),
      }),
    };
  }
  useEffect(() => {
    const current = queues.current!;
    return () => {
      void current.name.flush();
      void current.slug.flush();
    };
  }, []);

  const nameProblem = name.trim() === '' ? 'Give your app a name' : null;
  const addressProblem = slugProblem(slug);
  const order: SaveState[] = ['error', 'saving', 'pending', 'saved', 'idle'];
  const saveState = order.find((s) => states.name === s || states.slug === s || editor.saveState === s) ?? 'idle';
  const description = editor.texts.shareDescription ?? '';

  async function copyLink() {
    if (!appUrl) return;
    try {
      await navigator.clipboard.writeText(appUrl);
      toast.success(MESSAGES.chat.linkCopied);
    } catch {
      toast.error(appUrl);
    }
  }

  return (
    <div className="space-y-5">
      <div className="flex min-h-5 justify-end">
        <SaveIndicator state={saveState} />
      </div>
      <Field label="Name" error={nameProblem ?? undefined}>
        <Input
          value={name}
          maxLength={APP_NAME_MAX_LENGTH}
          onChange={(e) => {
            setName(e.target.value);
            if (e.target.value.trim()) queues.current!.name.push(e.target.value.trim());
          }}
        />
      </Field>
      <Field
        label="Address"
        hint="The part of your app's link that names it. Its end users sign in again after a change."
        error={addressProblem ?? undefined}
      >
        <Input
          value={slug}
          maxLength={48}
          spellCheck={false}
          autoCapitalize="off"
          className="font-mono"
          onChange={(e) => {
            const next = e.target.value.toLowerCase();
            setSlug(next);
            if (!slugProblem(next)) queues.current!.slug.push(next);
          }}
        />
      </Field>
      {appUrl && (
        <div className="space-y-1.5">
          <p className="text-sm font-medium text-ink">Link</p>
          <p
            className="truncate rounded-lg bg-surface-muted px-3 py-2 font-mono text-xs text-ink-subtle"
            title={appUrl}
          >
            {appUrl}
          </p>
          <div className="flex gap-2">
            <Button size="sm" variant="secondary" onClick={() => void copyLink()}>
              <Copy aria-hidden />
              Copy link
            </Button>
            <Button asChild size="sm" variant="ghost">
              <a href={appUrl} target="_blank" rel="noopener noreferrer">
                <ExternalLink aria-hidden />
                Open
              </a>
            </Button>
          </div>
        </div>
      )}
      <Field
        label="Description"
        hint="Shown in search results and link previews."
        labelAction={
          <span className="text-xs text-ink-faint tabular-nums">
            {description.length}/{APP_TEXT_LIMITS.shareDescription}
          </span>
        }
      >
        <Textarea
          rows={3}
          value={description}
          maxLength={APP_TEXT_LIMITS.shareDescription}
          onChange={(e) => editor.setTexts({ ...editor.texts, shareDescription: e.target.value })}
        />
      </Field>
    </div>
  );
}
