import type { ReactNode } from 'react';
import { APP_TEXT_LABELS, APP_TEXT_LIMITS, type AppTexts } from '@tessera/contracts/apps';
import { type PlanId } from '@tessera/contracts/plans';
import { Field, Input, Skeleton, Textarea } from '@tessera/ui';
import { BrandingPanel, PanelSection, SaveIndicator } from '../../tools';
import type { LookEditor } from '../hooks/use-look-editor';

/** What each text is for, under its field. */
const TEXT_HINTS: Record<keyof AppTexts, string> = {
  header: "The title in your app's header and the browser tab. Empty: the app's name.",
  description: 'One line under the header.',
  welcomeMessage: 'The greeting at the top of the home page.',
  shareDescription: 'Shown in search results and link previews.',
};
const TEXT_PLACEHOLDERS: Record<keyof AppTexts, string> = {
  header: 'Book Club',
  description: 'Pick, read and discuss a book a month',
  welcomeMessage: 'Welcome back! Here is what the club is reading.',
  shareDescription: 'Our book club: the reading list, meetings and notes.',
};
const MULTILINE: ReadonlySet<keyof AppTexts> = new Set(['welcomeMessage', 'shareDescription']);

function Loading({ label }: { label: string }) {
  return (
    <div className="space-y-4" aria-busy aria-label={label}>
      {[0, 1, 2].map((i) => (
        <div key={i} className="space-y-1.5">
          <Skeleton className="h-4 w-28" />
          <Skeleton className="h-10 w-full" />
        </div>
      ))}
    </div>
  );
}

function Status({ editor, children }: { editor: LookEditor; children: ReactNode }) {
  return (
    <div className="space-y-5">
      <div className="flex min-h-5 justify-end">
        <SaveIndicator state={editor.saveState} />
      </div>
      {children}
    </div>
  );
}

/**
 * App texts of a generated app (docs/product/editor-and-chat.md#screens-and-routes): the header, description, welcome message
 * and link description its pages show through `useAppLook()`; each edit shows in the preview at once.
 */
export function AppTextsPanel({ editor, isLoading }: { editor: LookEditor; isLoading: boolean }) {
  if (isLoading) return <Loading label="Loading app texts" />;
  const set = (field: keyof AppTexts, value: string) => editor.setTexts({ ...editor.texts, [field]: value });
  return (
    <Status editor={editor}>
      {(Object.keys(APP_TEXT_LABELS) as (keyof AppTexts)[]).map((field) => {
        const value = editor.texts[field] ?? '';
        const max = APP_TEXT_LIMITS[field];
        const control = MULTILINE.has(field) ? (
          <Textarea
            rows={3}
            value={value}
            maxLength={max}
            placeholder={TEXT_PLACEHOLDERS[field]}
            onChange={(e) => set(field, e.target.value)}
          />
        ) : (
          <Input
            value={value}
            maxLength={max}
            placeholder={TEXT_PLACEHOLDERS[field]}
            onChange={(e) => set(field, e.target.value)}
          />
        );
        return (
          <Field
            key={field}
            label={APP_TEXT_LABELS[field]}
            hint={TEXT_HINTS[field]}
            labelAction={
              <span className="text-xs text-ink-faint tabular-nums">
                {value.length}/{max}
              </span>
            }
          >
            {control}
          </Field>
        );
      })}
    </Status>
  );
}

/**
 * App branding of a generated app: a preset (none until picked: the app keeps its own theme),
 * colours over it, logo, favicon, background picture, font and the badge where the plan allows.
 */
export function AppBrandingPanel({
  appId,
  editor,
  plan,
  isLoading,
}: {
  appId: string;
  editor: LookEditor;
  plan: PlanId;
  isLoading: boolean;
}) {
  if (isLoading) return <Loading label="Loading app branding" />;
  return (
    <Status editor={editor}>
      <BrandingPanel
        appId={appId}
        style={editor.style}
        onChange={editor.setStyle}
        plan={plan}
        presetWhenUnset={null}
        withFontAndFavicon
      />
      {!editor.style.styleName && (
        <PanelSection title="Theme">
          <p className="text-[13px] leading-snug text-ink-subtle">
            Your app uses the theme the chat gave it until you pick a style.
          </p>
        </PanelSection>
      )}
    </Status>
  );
}
