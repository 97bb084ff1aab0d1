import { applyActions, DETECTORS, repairSnapshot, validateSnapshot, type ValidationIssue } from '@tessera/agent';
import { APP_MESSAGES } from '@tessera/contracts';
import { type SessionUser } from '@tessera/contracts/auth';
import { type ValidationIssueEntry, type ValidationResult } from '@tessera/contracts/chat';
import { AppError } from '../../platform/errors';
import type { AccountsService } from '../accounts';
import type { AppsService } from '../apps/apps.service';
import type { VersionsRepo } from '../versions/versions.repo';
import type { VersionsService } from '../versions/versions.service';
import { completeActions, textOf } from './chat-turn';
import type { ChatRepo } from './chat.repo';

const issueEntry = (i: ValidationIssue): ValidationIssueEntry => ({
  message: i.message,
  componentName: i.file ?? null,
  detectorId: i.detectorId,
  severity: i.severity,
  line: i.line ?? null,
});

interface ValidateRepairDeps {
  chatRepo: ChatRepo;
  versionsRepo: VersionsRepo;
  versions: VersionsService;
  apps: AppsService;
  accounts: AccountsService;
}

/**
 * The admins' validator test: re-runs a message's actions on the version its turn started from,
 * validates, repairs what needs no model, validates again. Nothing is stored: the result shows
 * what a turn would have produced.
 */
export function createValidateRepair({ chatRepo, versionsRepo, versions, apps, accounts }: ValidateRepairDeps) {
  return async function validateRepair(
    user: SessionUser,
    appId: string,
    versionId: string,
    input: { messageId: string; messageContent?: string },
  ): Promise<ValidationResult> {
    const [app, account] = await Promise.all([apps.getOwned(user, appId), accounts.getCurrent(user)]);
    if (!account.isAdmin) throw new AppError('FORBIDDEN', APP_MESSAGES.forbidden);
    const version = await versions.getVersion(app.id, versionId);
    const message = await chatRepo.find(app.id, input.messageId);
    if (!message && input.messageContent === undefined) throw new AppError('NOT_FOUND', 'This message does not exist');
    const text = input.messageContent ?? textOf(message!.parts);
    const previous =
      version.messageId === input.messageId ? await versionsRepo.findPreviousVersion(app.id, version.number) : version;
    const base = previous?.snapshot ?? versions.emptySnapshot(app);
    const applyStarted = performance.now();
    const applied = applyActions(base, completeActions(text));
    const applyingActionsMs = performance.now() - applyStarted;
    const validateStarted = performance.now();
    const initialIssues = [...applied.issues, ...(await validateSnapshot(applied.snapshot))];
    const repaired = await repairSnapshot(applied.snapshot);
    const unresolvedIssues = [...applied.issues, ...(await validateSnapshot(repaired.snapshot))];
    return {
      initialIssues: initialIssues.map(issueEntry),
      unresolvedIssues: unresolvedIssues.map(issueEntry),
      detectors: [...DETECTORS],
      repairedFiles: repaired.repairedFiles,
      previousVersionId: previous?.id ?? null,
      appBundle: { files: Object.entries(repaired.snapshot.files).map(([path, content]) => ({ path, content })) },
      timingBreakdown: {
        applyingActionsMs: Math.round(applyingActionsMs * 10) / 10,
        validatingMs: Math.round(performance.now() - validateStarted),
      },
    };
  };
}
