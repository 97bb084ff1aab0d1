import { useQueryClient } from '@tanstack/react-query';
import type { SchemaEditResponse } from '@tessera/contracts/apps';
import { toast } from '@tessera/ui';
import { editorKeys } from '../../editor';

/**
 * After a Database-panel schema change: it made a new version, which the preview follows (the
 * version list is read again); code that still names a removed field is pointed out.
 */
export function useSchemaVersionFollowUp(appId: string) {
  const queryClient = useQueryClient();
  return (result: SchemaEditResponse) => {
    if (result.versionId) void queryClient.invalidateQueries({ queryKey: editorKeys.versions(appId) });
    if (result.warnings.length) toast.warning(result.warnings.join('\n'));
  };
}
