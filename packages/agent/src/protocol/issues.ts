/**
 * What checks a turn's actions and the resulting snapshot. Each issue names the detector that
 * raised it (docs/product/editor-and-chat.md#data "Validation result": detectorId).
 */
export const DETECTORS = [
  // applyActions
  'truncated-action',
  'unknown-action',
  'edit-malformed',
  'edit-no-match',
  'missing-file',
  'entity-json',
  'entity-schema',
  'entity-records',
  // validateSnapshot
  'path',
  'app-json',
  'pages',
  'syntax',
  'imports',
  'default-export',
  'globals-css',
  'undeclared-name',
  'page-link',
] as const;
export type DetectorId = (typeof DETECTORS)[number];

/** One problem found in a turn's actions or in a snapshot; any `error` keeps the version from being made. */
export interface ValidationIssue {
  message: string;
  /** The file (or `entities/{Name}.json`) it concerns: the spec's componentName. */
  file?: string;
  /** 1-based line in that file, when known. */
  line?: number;
  severity: 'error' | 'warning';
  detectorId: DetectorId;
}

/** Whether any issue blocks the version. */
export function hasErrors(issues: readonly ValidationIssue[]): boolean {
  return issues.some((i) => i.severity === 'error');
}
