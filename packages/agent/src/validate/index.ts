export {
  validateSnapshot,
  warmUpValidator,
  formatIssue,
  checkPath,
  pageNameOf,
  resolveSnapshotImport,
  MAX_PATH_LENGTH,
} from './validate';
export { DETECTORS, hasErrors, type DetectorId, type ValidationIssue } from '../protocol/issues';
export { repairSnapshot, closestIcon, type RepairResult, type RepairedFile } from './repair';
