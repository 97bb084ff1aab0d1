import type { ToolApp, AppStyle } from '@tessera/contracts/apps';
import type { PlanId } from '@tessera/contracts/plans';
import type { CustomField, InputStep, Tool, ToolTexts } from '@tessera/contracts/tools';
import type { MenuEntryId } from '../../../shared/panels';
import { withFields, withSteps, withTexts, withTitle, withTool, type ToolDraft } from '../lib/tool-draft';
import { BrandingPanel } from './panels/branding-panel';
import { CtaPanel } from './panels/cta-panel';
import { DataPanel } from './panels/data-panel';
import { FieldsPanel } from './panels/fields-panel';
import { InstructionsEditor } from './panels/instructions-editor';
import { ApiKeysSection } from './panels/api-keys-section';
import { PanelSection } from './panels/panel-bits';
import { SettingsPanel } from './panels/settings-panel';
import { TextsPanel } from './panels/texts-panel';

export interface ToolPanelContentProps {
  panel: MenuEntryId;
  appId: string;
  tool: Tool;
  fields: CustomField[];
  steps: InputStep[];
  texts: ToolTexts;
  style: AppStyle;
  settings: Record<string, unknown>;
  plan: PlanId;
  isAdmin: boolean;
  /** One of the app's tools is live. */
  isLive: boolean;
  updateApp: (edit: (app: ToolApp) => ToolApp) => void;
  setStyle: (style: AppStyle) => void;
  setSettings: (settings: Record<string, unknown>) => void;
}

/** The open panel of the tool builder, wired to the draft's edits. */
export function ToolPanelContent(props: ToolPanelContentProps) {
  const { panel, appId, tool, fields, steps, texts, plan, isAdmin, updateApp } = props;
  const toolId = tool.toolId;
  const draftOf = (app: ToolApp): ToolDraft => ({ app, toolId });
  const setTexts = (patch: Partial<ToolTexts>) => updateApp((app) => withTexts(draftOf(app), patch));
  const setTool = (patch: Partial<Tool>) => updateApp((app) => withTool(draftOf(app), patch));

  switch (panel) {
    case 'tool-texts':
    case 'app-texts':
      return (
        <TextsPanel
          texts={texts}
          title={tool.title}
          onChange={setTexts}
          onTitleChange={(title) => updateApp((app) => withTitle(draftOf(app), title))}
        />
      );
    case 'call-to-action':
      return <CtaPanel texts={texts} onChange={setTexts} />;
    case 'app-branding':
      return <BrandingPanel appId={appId} style={props.style} onChange={props.setStyle} plan={plan} />;
    case 'custom-fields':
      return (
        <FieldsPanel
          appId={appId}
          toolId={toolId}
          fields={fields}
          steps={steps}
          instructions={tool.instructions}
          isMultiStep={texts.isMultiStepInput}
          plan={plan}
          isAdmin={isAdmin}
          isSignupEnabled={props.settings.isSignupEnabled === true}
          onFieldsChange={(next) => updateApp((app) => withFields(draftOf(app), next))}
          onStepsChange={(next) => updateApp((app) => withSteps(draftOf(app), next))}
        />
      );
    case 'results-layout':
      return (
        <PanelSection
          title="Instructions"
          hint="Tell the AI what to write and how to lay it out. Put a field's answer in with its [tag]; [input] is the main input."
        >
          <InstructionsEditor
            value={tool.instructions}
            fields={fields}
            onChange={(instructions) => setTool({ instructions })}
          />
        </PanelSection>
      );
    case 'data-sources':
      return <DataPanel appId={appId} dataItems={tool.dataItems} onChange={(dataItems) => setTool({ dataItems })} />;
    case 'tool-settings':
    case 'app-settings':
      return (
        <div className="space-y-6">
          <SettingsPanel
            appId={appId}
            settings={props.settings}
            onChange={props.setSettings}
            plan={plan}
            isAdmin={isAdmin}
            isLive={props.isLive}
          />
          <ApiKeysSection
            appId={appId}
            toolId={toolId}
            isActive={tool.status === 'active'}
            sampleValues={
              fields.length
                ? Object.fromEntries(fields.map((f) => [f.name, f.label || f.name]))
                : { input: texts.inputPlaceholder || 'Your question' }
            }
          />
        </div>
      );
    default:
      return null;
  }
}
