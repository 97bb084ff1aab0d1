import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Lock } from 'lucide-react';
import { APP_MESSAGES } from '@tessera/contracts';
import { APP_CONFIRM_MESSAGES } from '@tessera/contracts/app-users';
import {
  SIGNUP_FIELD_LABELS,
  SIGNUP_REQUIRED_FIELDS,
  signupNeedsFieldsMessage,
  type SignupRequiredField,
} from '@tessera/contracts/apps';
import { Alert, Button, Field, Input, Skeleton, Switch, toast } from '@tessera/ui';
import { errorMessage, isApiError } from '../../../shared/api';
import { useAppDetails, useSaveAppSettings } from '../api/app';
import { CustomDomainsSection } from './custom-domains-section';
import { PaidMembershipsSection } from './paid-memberships-section';
import { TemplateSettingsSection } from '../../templates';
import {
  canToggleSignup,
  isSignupFormDirty,
  settingsWithSignupForm,
  signupFormErrors,
  signupFormOf,
  type SignupForm,
} from '../lib/app-settings-form';

export interface AppSettingsPanelProps {
  appId: string;
  /** Published now: the toolbar's Publish says so before the app details are read again. */
  isPublished: boolean;
  /** Whether this builder may edit them (docs/product/editor-and-chat.md#roles-and-permissions); null while the account loads. */
  canEdit: boolean | null;
}

const NO_SETTINGS: Record<string, unknown> = {};

const PLACEHOLDERS: Record<SignupRequiredField, string> = {
  termsOfServiceLink: 'https://example.com/terms',
  privacyPolicyLink: 'https://example.com/privacy',
  supportEmail: 'help@example.com',
};

/**
 * The App settings panel (docs/product/editor-and-chat.md#data): sign-up and the contacts its login page needs, and
 * the app's custom domains (docs/product/custom-domains.md). It reads
 * the app details the editor already holds and saves the whole settings object.
 */
export function AppSettingsPanel({ appId, isPublished, canEdit }: AppSettingsPanelProps) {
  const app = useAppDetails(appId);
  if (canEdit === null || app.isPending) return <PanelSkeleton />;
  if (app.isError) return <Alert tone="error">{errorMessage(app.error)}</Alert>;
  if (!canEdit) return <PlanLocked />;
  return (
    <div className="space-y-5">
      <SignupSettingsForm
        appId={appId}
        settings={app.data.settings ?? NO_SETTINGS}
        isPublished={isPublished || app.data.publishedVersionId !== null}
        hasCustomDomain={(app.data.customDomains ?? []).length > 0}
      />
      <PaidMembershipsSection appId={appId} settings={app.data.settings ?? NO_SETTINGS} />
      <CustomDomainsSection appId={appId} />
      <TemplateSettingsSection appId={appId} isPublished={isPublished || app.data.publishedVersionId !== null} />
    </div>
  );
}

function PanelSkeleton() {
  return (
    <div className="space-y-4" aria-busy aria-label="Loading app settings">
      <Skeleton className="h-14 w-full" />
      {SIGNUP_REQUIRED_FIELDS.map((field) => (
        <div key={field} className="space-y-1.5">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-10 w-full" />
        </div>
      ))}
    </div>
  );
}

function PlanLocked() {
  return (
    <div className="space-y-3">
      <Alert tone="info" title="Moon plan and above">
        {APP_MESSAGES.appSettingsPlanRequired}
      </Alert>
      <Button asChild size="sm" variant="secondary">
        <Link to="/settings">
          <Lock aria-hidden />
          Manage your plan
        </Link>
      </Button>
    </div>
  );
}

interface SignupSettingsFormProps {
  appId: string;
  settings: Record<string, unknown>;
  isPublished: boolean;
  hasCustomDomain: boolean;
}

function SignupSettingsForm({ appId, settings, isPublished, hasCustomDomain }: SignupSettingsFormProps) {
  const [form, setForm] = useState<SignupForm>(() => signupFormOf(settings));
  const [touched, setTouched] = useState<ReadonlySet<SignupRequiredField>>(new Set());
  const [wasSubmitted, setWasSubmitted] = useState(false);
  const save = useSaveAppSettings(appId);
  const baseId = useId();
  const switchId = `${baseId}-signup`;
  const unconfirmedId = `${baseId}-unconfirmed`;
  const isDirty = isSignupFormDirty(form, settings);
  const isStoredOn = settings.isSignupEnabled === true;
  const canToggle = canToggleSignup({ isStoredOn, isPublished, hasCustomDomain });
  const errors = signupFormErrors(form);

  // Settings read again (another tab, a refetch) replace the form unless it has unsaved edits.
  useEffect(() => {
    setForm((current) => (isSignupFormDirty(current, settings) ? current : signupFormOf(settings)));
  }, [settings]);

  /** Required fields are red at once (docs/product/editor-and-chat.md#rules-and-messages); a format error waits until the field is left. */
  function shownError(field: SignupRequiredField): string | undefined {
    const error = errors[field];
    if (!error) return undefined;
    return error === APP_MESSAGES.signupFieldRequired || wasSubmitted || touched.has(field) ? error : undefined;
  }

  function update(field: SignupRequiredField, value: string) {
    setForm((current) => ({ ...current, [field]: value }));
  }

  function handleBlur(field: SignupRequiredField) {
    if (form[field].trim() !== '') setTouched((current) => new Set(current).add(field));
  }

  function handleDiscard() {
    setForm(signupFormOf(settings));
    setTouched(new Set());
    setWasSubmitted(false);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setWasSubmitted(true);
    const invalid = SIGNUP_REQUIRED_FIELDS.filter((field) => errors[field]);
    if (invalid.length) {
      document.getElementById(`${baseId}-${invalid[0]}`)?.focus();
      const missing = invalid.filter((field) => errors[field] === APP_MESSAGES.signupFieldRequired);
      toast.error(missing.length ? signupNeedsFieldsMessage(missing) : errors[invalid[0]!]!);
      return;
    }
    save.mutate(settingsWithSignupForm(settings, form), {
      onSuccess: () => {
        setTouched(new Set());
        setWasSubmitted(false);
        toast.success(APP_MESSAGES.appSettingsSaved);
      },
      // Said so, with the server's words underneath (a plan limit, "publish first", a field); a dropped
      // connection has its own toast.
      onError: (err) => {
        if (!isApiError(err) || !err.isNetwork)
          toast.error(APP_MESSAGES.appSettingsSaveFailed, { description: errorMessage(err) });
      },
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-5" aria-label="App settings">
      <section aria-labelledby={`${baseId}-signup-heading`} className="space-y-3">
        <h3 id={`${baseId}-signup-heading`} className="text-xs font-medium tracking-wide text-ink-faint uppercase">
          User sign-up
        </h3>
        <div className="flex items-start gap-3 rounded-xl border border-line bg-surface p-3">
          <div className="min-w-0 flex-1">
            <label htmlFor={switchId} className="block text-sm font-medium text-ink">
              Let users sign up
            </label>
            <p id={`${switchId}-hint`} className="mt-0.5 text-[13px] leading-snug text-ink-subtle">
              Visitors can create an account on your app&apos;s login page.
            </p>
          </div>
          <Switch
            id={switchId}
            checked={form.isSignupEnabled}
            onCheckedChange={(checked) => setForm((current) => ({ ...current, isSignupEnabled: checked }))}
            disabled={!canToggle || save.isPending}
            aria-describedby={`${switchId}-hint${canToggle ? '' : ` ${switchId}-blocked`}`}
            className="mt-0.5"
          />
        </div>
        <div className="flex items-start gap-3 rounded-xl border border-line bg-surface p-3">
          <div className="min-w-0 flex-1">
            <label htmlFor={unconfirmedId} className="block text-sm font-medium text-ink">
              {APP_CONFIRM_MESSAGES.settingLabel}
            </label>
            <p id={`${unconfirmedId}-hint`} className="mt-0.5 text-[13px] leading-snug text-ink-subtle">
              {APP_CONFIRM_MESSAGES.settingHelp}
            </p>
          </div>
          <Switch
            id={unconfirmedId}
            checked={form.isUnconfirmedSignupAllowed}
            onCheckedChange={(checked) => setForm((current) => ({ ...current, isUnconfirmedSignupAllowed: checked }))}
            disabled={save.isPending}
            aria-describedby={`${unconfirmedId}-hint`}
            className="mt-0.5"
          />
        </div>
        {!canToggle && (
          <div id={`${switchId}-blocked`}>
            <Alert tone="info">{APP_MESSAGES.signupNeedsPublish}.</Alert>
          </div>
        )}
        {canToggle && isStoredOn && !form.isSignupEnabled && !isPublished && !hasCustomDomain && (
          <p className="text-[13px] leading-snug text-amber-800">
            Once this is saved, sign-up can only be turned on again after you publish the app.
          </p>
        )}
      </section>

      <fieldset disabled={save.isPending} className="space-y-4" aria-describedby={`${baseId}-contacts-hint`}>
        <p id={`${baseId}-contacts-hint`} className="text-[13px] leading-snug text-ink-subtle">
          Your app&apos;s sign-up page links to these.{' '}
          {form.isSignupEnabled
            ? 'All three are required while sign-up is on.'
            : 'All three are needed to turn sign-up on.'}
        </p>
        {SIGNUP_REQUIRED_FIELDS.map((field) => (
          <Field key={field} label={SIGNUP_FIELD_LABELS[field]} error={shownError(field)}>
            <Input
              id={`${baseId}-${field}`}
              type={field === 'supportEmail' ? 'email' : 'url'}
              inputMode={field === 'supportEmail' ? 'email' : 'url'}
              autoComplete="off"
              spellCheck={false}
              placeholder={PLACEHOLDERS[field]}
              value={form[field]}
              onChange={(event) => update(field, event.target.value)}
              onBlur={() => handleBlur(field)}
            />
          </Field>
        ))}
      </fieldset>

      <div className="flex flex-wrap items-center justify-end gap-2 border-t border-line pt-4">
        {isDirty && !save.isPending && (
          <Button type="button" size="sm" variant="ghost" onClick={handleDiscard}>
            Discard
          </Button>
        )}
        <Button type="submit" size="sm" loading={save.isPending} disabled={!isDirty}>
          Save changes
        </Button>
      </div>
    </form>
  );
}
