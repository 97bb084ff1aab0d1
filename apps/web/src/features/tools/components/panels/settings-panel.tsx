import { useState } from 'react';
import { Link } from 'react-router';
import { Copy, Lock } from 'lucide-react';
import { type PlanId } from '@tessera/contracts/plans';
import {
  ADMIN_TOOL_SETTINGS,
  AI_QUERY_METHODS,
  TOOL_MESSAGES,
  TOOL_SETTINGS_RANGES,
  TOOL_SETTING_DEFAULTS,
  TOOL_SETTING_LABELS,
  fillMessage,
  type AiQueryMethod,
  type ToolSettingKey,
} from '@tessera/contracts/tools';
import { Alert, Button, Field, Input, Select, toast } from '@tessera/ui';
import { useChatModels } from '../../../editor';
import { TemplateSettingsSection } from '../../../templates';
import { isApiError } from '../../../../shared/api';
import { toolsApi, useToolApp } from '../../api/tools';
import { PanelSection, ToggleRow } from './panel-bits';
import { EndUsersCredits } from './end-users-credits';
import { SignupSection } from './signup-section';

const QUERY_METHOD_LABELS: Record<AiQueryMethod, string> = {
  default: 'Default: search all the tool’s data',
  smart_items_filtering: 'Smart items filtering (CSV rows by the fields’ filters)',
};

export interface SettingsPanelProps {
  appId: string;
  settings: Record<string, unknown>;
  onChange: (settings: Record<string, unknown>) => void;
  plan: PlanId;
  isAdmin: boolean;
  /** One of the app's tools is live (the app counts as published). */
  isLive: boolean;
}

/**
 * Tool settings (docs/product/tools.md#roles-and-permissions): model, temperature and query method,
 * run limits per end user, credits (per run, for new end users, and each end user's), editable
 * results, the claim invitation and, for a single tool, the admins' template library section (the
 * one App settings has, docs/product/templates.md). Admin-only settings are read-only for others;
 * on the free plan none can change.
 */
export function SettingsPanel({ appId, settings, onChange, plan, isAdmin, isLive }: SettingsPanelProps) {
  const models = useChatModels(isAdmin);
  // A generated app's App tools are offered with the app, from its App settings.
  const isSingleTool = useToolApp(appId).data?.appType === 'tool';
  const [isCopying, setIsCopying] = useState(false);
  const isLocked = !isAdmin && plan === 'lite';
  const value = <T,>(key: ToolSettingKey): T => (settings[key] ?? TOOL_SETTING_DEFAULTS[key] ?? null) as T;
  const canEdit = (key: ToolSettingKey) => !isLocked && (isAdmin || !ADMIN_TOOL_SETTINGS.includes(key));
  const set = (key: ToolSettingKey, next: unknown) => onChange({ ...settings, [key]: next });
  const adminHint = (key: ToolSettingKey) =>
    !isAdmin && ADMIN_TOOL_SETTINGS.includes(key) ? 'Set by admins' : undefined;
  const temperature = value<number>('modelTemperature');

  async function copyInvite() {
    setIsCopying(true);
    try {
      const { inviteLink } = await toolsApi.claimInvitation(appId);
      await navigator.clipboard.writeText(inviteLink);
      toast.success('Invite link copied');
    } catch (error) {
      toast.error(
        isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : TOOL_MESSAGES.inviteFailed,
      );
    } finally {
      setIsCopying(false);
    }
  }

  return (
    <div className="space-y-6">
      {isLocked && (
        <Alert tone="info" title="Paid plans">
          <p>{TOOL_MESSAGES.settingsUpgrade}</p>
          <Button asChild size="sm" variant="secondary" className="mt-2">
            <Link to="/settings">
              <Lock aria-hidden />
              See plans
            </Link>
          </Button>
        </Alert>
      )}

      <PanelSection title="AI">
        <Field label={TOOL_SETTING_LABELS.aiModel} hint={adminHint('aiModel')}>
          <Select
            value={value<string | null>('aiModel') ?? ''}
            disabled={!canEdit('aiModel')}
            onChange={(e) => set('aiModel', e.target.value || null)}
          >
            <option value="">The install’s default model</option>
            {(models.data ?? [])
              .filter((m) => !m.id.startsWith('offline/'))
              .map((m) => (
                <option key={m.id} value={m.id}>
                  {m.label}
                </option>
              ))}
            {typeof settings.aiModel === 'string' &&
              settings.aiModel &&
              !(models.data ?? []).some((m) => m.id === settings.aiModel) && (
                <option value={settings.aiModel}>{settings.aiModel}</option>
              )}
          </Select>
        </Field>
        <Field
          label={`${TOOL_SETTING_LABELS.modelTemperature}: ${temperature.toFixed(1)}`}
          hint={adminHint('modelTemperature') ?? 'Lower is steadier, higher is more inventive.'}
        >
          <input
            type="range"
            min={TOOL_SETTINGS_RANGES.modelTemperature.min}
            max={TOOL_SETTINGS_RANGES.modelTemperature.max}
            step={TOOL_SETTINGS_RANGES.modelTemperature.step}
            value={temperature}
            disabled={!canEdit('modelTemperature')}
            onChange={(e) => set('modelTemperature', Math.round(Number(e.target.value) * 10) / 10)}
            className="w-full accent-brand-600 disabled:opacity-50"
          />
        </Field>
        <Field label={TOOL_SETTING_LABELS.aiQueryMethod} hint={adminHint('aiQueryMethod')}>
          <Select
            value={value<AiQueryMethod>('aiQueryMethod')}
            disabled={!canEdit('aiQueryMethod')}
            onChange={(e) => set('aiQueryMethod', e.target.value)}
          >
            {AI_QUERY_METHODS.map((m) => (
              <option key={m} value={m}>
                {QUERY_METHOD_LABELS[m]}
              </option>
            ))}
          </Select>
        </Field>
      </PanelSection>

      <PanelSection title="Usage" hint="Runs per end user (signed in or not); leave empty for no limit.">
        {(['dailyUserLimit', 'weeklyUserLimit'] as const).map((key) => (
          <NumberSetting
            key={key}
            label={TOOL_SETTING_LABELS[key]}
            value={settings[key] as number | null | undefined}
            min={TOOL_SETTINGS_RANGES[key].min}
            max={TOOL_SETTINGS_RANGES[key].max}
            disabled={!canEdit(key)}
            optional
            onChange={(next) => set(key, next)}
          />
        ))}
        <ToggleRow
          label={TOOL_SETTING_LABELS.userCanEditResults}
          hint={adminHint('userCanEditResults') ?? 'End users may correct the answer they got.'}
          checked={value<boolean>('userCanEditResults')}
          disabled={!canEdit('userCanEditResults')}
          onCheckedChange={(next) => set('userCanEditResults', next)}
        />
      </PanelSection>

      <SignupSection settings={settings} onChange={onChange} isLive={isLive} />

      <PanelSection title="Credits" hint="Signed-up end users spend credits on runs; you can add more to anyone.">
        {(['creditsPerRun', 'startingCredits'] as const).map((key) => (
          <NumberSetting
            key={key}
            label={TOOL_SETTING_LABELS[key]}
            value={value<number>(key)}
            min={TOOL_SETTINGS_RANGES[key].min}
            max={TOOL_SETTINGS_RANGES[key].max}
            disabled={!canEdit(key)}
            hint={adminHint(key) ?? (key === 'startingCredits' ? 'What each new end user gets' : undefined)}
            onChange={(next) => set(key, next ?? TOOL_SETTINGS_RANGES[key].default)}
          />
        ))}
        <EndUsersCredits appId={appId} />
      </PanelSection>

      <PanelSection title="Hand over" hint="Let a customer claim this tool into their own account.">
        <ToggleRow
          label={TOOL_SETTING_LABELS.isClaimable}
          hint={adminHint('isClaimable')}
          checked={value<boolean>('isClaimable')}
          disabled={!canEdit('isClaimable')}
          onCheckedChange={(next) => set('isClaimable', next)}
        />
        <Button
          size="sm"
          variant="secondary"
          loading={isCopying}
          disabled={!value<boolean>('isClaimable')}
          onClick={() => void copyInvite()}
        >
          <Copy aria-hidden />
          Copy invite link
        </Button>
      </PanelSection>

      {isSingleTool && <TemplateSettingsSection appId={appId} isPublished={isLive} isTool />}
    </div>
  );
}

interface NumberSettingProps {
  label: string;
  value: number | null | undefined;
  min: number;
  max: number;
  disabled: boolean;
  optional?: boolean;
  hint?: string;
  onChange: (value: number | null) => void;
}

/** A whole number in a range; what is typed out of range shows the range and is not saved. */
function NumberSetting({ label, value, min, max, disabled, optional, hint, onChange }: NumberSettingProps) {
  const [text, setText] = useState(value == null ? '' : String(value));
  const n = Number(text);
  const error =
    text.trim() === ''
      ? optional
        ? undefined
        : fillMessage(TOOL_MESSAGES.settingOutOfRange, { setting: label, min, max })
      : !Number.isInteger(n) || n < min || n > max
        ? fillMessage(TOOL_MESSAGES.settingOutOfRange, { setting: label, min, max })
        : undefined;
  return (
    <Field label={label} optional={optional} hint={hint ?? `${min} to ${max}`} error={error} className="max-w-40">
      <Input
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={text}
        disabled={disabled}
        onChange={(e) => {
          setText(e.target.value);
          const next = e.target.value.trim();
          if (next === '' && optional) onChange(null);
          else if (Number.isInteger(Number(next)) && Number(next) >= min && Number(next) <= max) onChange(Number(next));
        }}
      />
    </Field>
  );
}
