// The code editor's files: the latest version's files with their issues, and hand edits, each
// written as a new version.
import type { SignedIn } from '../../platform/http/signed-in';
import { codeFilesRoutes } from './code-files.routes';
import { createCodeFilesService, type CodeFilesDeps } from './code-files.service';

/** Builds the code files module: its routes, and the service whose rule says who may edit an app's code. */
export function createCodeFilesModule({ signedIn, ...deps }: CodeFilesDeps & { signedIn: SignedIn }) {
  const codeFiles = createCodeFilesService(deps);
  return { routes: codeFilesRoutes({ codeFiles, signedIn }), codeFiles };
}

export type { CodeFilesService } from './code-files.service';
