import type { EntityChange, FieldChange, PublishDryRunResponse } from '@tessera/contracts/apps';

/** True when publishing changes something end users rely on: their tables, fields, access or values. */
export function hasChangesToReview(dryRun: PublishDryRunResponse): boolean {
  return dryRun.isPublished && (dryRun.entities.length > 0 || dryRun.unconvertibleCount > 0);
}

function describeField(f: FieldChange): string {
  switch (f.change) {
    case 'added':
      return `New field ${f.field}`;
    case 'removed':
      return `Field ${f.field} removed (stored values are kept)`;
    case 'renamed':
      return `Field ${f.from} renamed to ${f.field} (every value moves)`;
    case 'retyped':
      return `Field ${f.field} changes type: ${f.oldType} → ${f.newType}`;
  }
}

function describeEntity(e: EntityChange): string {
  if (e.change === 'added') return `New table ${e.entity}`;
  if (e.change === 'removed') return `Table ${e.entity} removed (its records are kept)`;
  return `Table ${e.entity}`;
}

const shown = (value: unknown) => (typeof value === 'string' ? `"${value}"` : JSON.stringify(value));

/** The Publish dialog's list of what end users will get (from the dry run). */
export function PublishChanges({ dryRun }: { dryRun: PublishDryRunResponse }) {
  return (
    <div className="space-y-3 text-[13px] text-ink" data-testid="publish-changes">
      <ul className="space-y-2">
        {dryRun.entities.map((e) => (
          <li key={e.entity}>
            <p className="font-medium">{describeEntity(e)}</p>
            {(e.change === 'changed' || e.change === 'added') && (
              <ul className="ml-4 list-disc text-ink-subtle">
                {e.change === 'changed' &&
                  e.fields.map((f) => <li key={`${f.change}-${f.field}`}>{describeField(f)}</li>)}
                {e.access && (
                  <li>
                    Access: read {e.access.before.read} → {e.access.after.read}, write {e.access.before.write} →{' '}
                    {e.access.after.write}
                  </li>
                )}
              </ul>
            )}
          </li>
        ))}
      </ul>
      {dryRun.unconvertibleCount > 0 && (
        <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-2">
          <p className="font-medium">
            {dryRun.unconvertibleCount} value{dryRun.unconvertibleCount === 1 ? '' : 's'} cannot be converted and will
            be kept aside in their records:
          </p>
          <ul className="ml-4 list-disc">
            {dryRun.unconvertible.map((u) => (
              <li key={`${u.recordId}-${u.field}`}>
                {u.entity}.{u.field} {shown(u.value)} (record {u.recordId.slice(0, 8)}) → kept as {u.keptAs}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
