import { useState } from 'react';
import { isHttpUrl } from '@tessera/contracts/apps';
import {
  TOOL_LONG_TEXT_MAX_LENGTH,
  TOOL_SHORT_TEXT_MAX_LENGTH,
  TOOL_URL_MAX_LENGTH,
  type ToolTexts,
} from '@tessera/contracts/tools';
import { Field, Input, Textarea } from '@tessera/ui';
import { PanelSection } from './panel-bits';

export const CTA_LINK_MESSAGE = 'Enter a web address starting with http:// or https://';

export interface CtaPanelProps {
  texts: ToolTexts;
  onChange: (patch: Partial<ToolTexts>) => void;
}

/** Call to action (docs/product/tools.md#data): a message and a button to a link, shown under a result. */
export function CtaPanel({ texts, onChange }: CtaPanelProps) {
  const [link, setLink] = useState(texts.ctaLink);
  const linkError = link.trim() !== '' && !isHttpUrl(link.trim()) ? CTA_LINK_MESSAGE : undefined;
  return (
    <PanelSection title="After a result" hint="Lead visitors to your next step: a booking page, a shop, a sign-up.">
      <Field label="Message" optional>
        <Textarea
          rows={3}
          value={texts.ctaMessage}
          maxLength={TOOL_LONG_TEXT_MAX_LENGTH}
          placeholder="Want captions for every post? Book a free call."
          onChange={(e) => onChange({ ctaMessage: e.target.value })}
        />
      </Field>
      <Field label="Button text" optional>
        <Input
          value={texts.ctaButton}
          maxLength={TOOL_SHORT_TEXT_MAX_LENGTH}
          placeholder="Book a call"
          onChange={(e) => onChange({ ctaButton: e.target.value })}
        />
      </Field>
      <Field label="Button link" optional error={linkError}>
        <Input
          type="url"
          inputMode="url"
          value={link}
          maxLength={TOOL_URL_MAX_LENGTH}
          placeholder="https://example.com/book"
          onChange={(e) => {
            setLink(e.target.value);
            // Only a valid address (or none) is saved; the field shows why until then.
            const value = e.target.value.trim();
            if (value === '' || isHttpUrl(value)) onChange({ ctaLink: value });
          }}
        />
      </Field>
    </PanelSection>
  );
}
