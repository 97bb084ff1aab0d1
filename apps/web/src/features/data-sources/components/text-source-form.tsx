import { useState, type FormEvent } from 'react';
import { MESSAGES } from '@tessera/contracts';
import { Button, Field, Input, Textarea, toast } from '@tessera/ui';
import { useIngestMutations } from '../api/context';
import { upgradeOrToast } from '../lib/upgrade-or-toast';
import { serverMessageOr } from '../lib/errors';
import { validateText } from '../lib/validation';
import { useSingleFlight } from '../../../shared/hooks';
import type { AddSourceProps } from './add-source-props';

/** Text option: pasted text (opening hours, FAQs, prices) stored as a text item. */
export function TextSourceForm({ appId, requestAdd, onUpgrade }: AddSourceProps) {
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { text: ingest } = useIngestMutations(appId);

  const once = useSingleFlight();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const invalid = validateText(text);
    if (invalid) return setError(invalid);
    // A double click adds one item (and never opens the upgrade prompt for the second).
    void once(async () => {
      if (!requestAdd()) return;
      await ingest.mutateAsync(
        { context: text, ...(name.trim() ? { name: name.trim() } : {}) },
        {
          onSuccess: () => {
            setText('');
            setName('');
            toast.success('Text added');
          },
          onError: (err) => {
            upgradeOrToast(err, onUpgrade, serverMessageOr(err, MESSAGES.dataSources.saveFailed));
          },
        },
      );
    });
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      <Field
        label="Text"
        error={error ?? undefined}
        hint="Anything your app should know: FAQs, prices, policies, product details."
      >
        <Textarea
          rows={6}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          placeholder="Our shop is open Monday to Friday, 9:00 to 18:00…"
        />
      </Field>
      <Field label="Name" optional>
        <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={200} placeholder="Opening hours" />
      </Field>
      <div className="flex justify-end">
        <Button type="submit" loading={ingest.isPending}>
          Add text
        </Button>
      </div>
    </form>
  );
}
