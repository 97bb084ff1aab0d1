import {
  TOOL_EXAMPLES_COUNT,
  TOOL_EXAMPLE_MAX_LENGTH,
  TOOL_LONG_TEXT_MAX_LENGTH,
  TOOL_SHORT_TEXT_MAX_LENGTH,
  TOOL_TITLE_MAX_LENGTH,
  type ToolTexts,
} from '@tessera/contracts/tools';
import { Field, Input, Textarea } from '@tessera/ui';
import { PanelSection, ToggleRow } from './panel-bits';

export interface TextsPanelProps {
  texts: ToolTexts;
  title: string;
  onChange: (patch: Partial<ToolTexts>) => void;
  /** The header is the tool's title too (activation needs it). */
  onTitleChange: (title: string) => void;
}

/** Tool texts (docs/product/tools.md#data App text): the page's header, description, input texts, welcome message and the three examples. */
export function TextsPanel({ texts, title, onChange, onTitleChange }: TextsPanelProps) {
  const examples = [...texts.examples];
  while (examples.length < TOOL_EXAMPLES_COUNT) examples.push('');
  return (
    <div className="space-y-6">
      <PanelSection title="Page">
        <Field label="Header" hint="The tool's title; it needs one before it can go live.">
          <Input
            value={texts.header || title}
            maxLength={TOOL_TITLE_MAX_LENGTH}
            placeholder="Instagram caption writer"
            onChange={(e) => {
              onChange({ header: e.target.value });
              onTitleChange(e.target.value);
            }}
          />
        </Field>
        <Field label="Description" optional>
          <Textarea
            rows={3}
            value={texts.description}
            maxLength={TOOL_LONG_TEXT_MAX_LENGTH}
            placeholder="Three captions in your brand's voice, from a photo description."
            onChange={(e) => onChange({ description: e.target.value })}
          />
        </Field>
        <Field label="Welcome message" optional hint="Shown above the form.">
          <Textarea
            rows={2}
            value={texts.welcomeMessage}
            maxLength={TOOL_LONG_TEXT_MAX_LENGTH}
            onChange={(e) => onChange({ welcomeMessage: e.target.value })}
          />
        </Field>
      </PanelSection>

      <PanelSection title="Main input" hint="The free-text box under the fields; the instructions use it as [input].">
        <Field label="Input label" optional>
          <Input
            value={texts.inputLabel}
            maxLength={TOOL_SHORT_TEXT_MAX_LENGTH}
            placeholder="What is your photo about?"
            onChange={(e) => onChange({ inputLabel: e.target.value })}
          />
        </Field>
        <Field label="Input placeholder" optional>
          <Input
            value={texts.inputPlaceholder}
            maxLength={TOOL_SHORT_TEXT_MAX_LENGTH}
            placeholder="A sunset over the harbour…"
            onChange={(e) => onChange({ inputPlaceholder: e.target.value })}
          />
        </Field>
        <ToggleRow
          label="Hide the input"
          hint="Visitors see only the custom fields."
          checked={texts.isInputHidden}
          onCheckedChange={(isInputHidden) => onChange({ isInputHidden })}
        />
        <ToggleRow
          label="Collapse the input"
          hint="The form starts folded under its label."
          checked={texts.isInputCollapsed}
          onCheckedChange={(isInputCollapsed) => onChange({ isInputCollapsed })}
        />
        <ToggleRow
          label="Multi-step input"
          hint="One step of fields at a time (steps are set in Custom fields)."
          checked={texts.isMultiStepInput}
          onCheckedChange={(isMultiStepInput) => onChange({ isMultiStepInput })}
        />
      </PanelSection>

      <PanelSection title="Examples" hint="Exactly three; a visitor clicks one to fill the input.">
        {examples.slice(0, TOOL_EXAMPLES_COUNT).map((example, i) => (
          <Field key={i} label={`Example ${i + 1}`}>
            <Input
              value={example}
              maxLength={TOOL_EXAMPLE_MAX_LENGTH}
              onChange={(e) => onChange({ examples: examples.map((v, j) => (j === i ? e.target.value : v)) })}
            />
          </Field>
        ))}
      </PanelSection>
    </div>
  );
}
