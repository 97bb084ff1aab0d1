import { useQuery } from '@tanstack/react-query';
import { CODE_ROUTES, type CodeFileSaveResponse, type ReferenceUpdate } from '@tessera/contracts/code';
import { callRoute } from '../../../shared/api';

export const codeKeys = {
  files: (appId: string) => ['code-editor', appId, 'files'] as const,
};

/** `GET /api/apps/{appId}/files`: the latest version's files and the validator's issues. */
export function useCodeFiles(appId: string) {
  return useQuery({
    queryKey: codeKeys.files(appId),
    queryFn: () => callRoute(CODE_ROUTES.listFiles, { appId }),
    staleTime: 0,
    gcTime: 0,
    retry: 1,
  });
}

/** `POST .../files/update`: `id` the file's current path, `path` a new one (a new file or a rename). */
export function saveCodeFile(
  appId: string,
  file: { id?: string; path?: string; content: string },
): Promise<CodeFileSaveResponse> {
  return callRoute(CODE_ROUTES.updateFile, { appId }, { body: { file } });
}

/** `POST .../files/delete` with the new text of the files that imported it. */
export function deleteCodeFile(
  appId: string,
  fileId: string,
  references: ReferenceUpdate[],
): Promise<CodeFileSaveResponse> {
  return callRoute(
    CODE_ROUTES.deleteFile,
    { appId },
    { body: { fileId, referencesToUpdate: references.map(({ path, content }) => ({ path, content })) } },
  );
}
