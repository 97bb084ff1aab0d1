import type { Text } from '@codemirror/state';
import type { Diagnostic } from '@codemirror/lint';
import type { CodeIssue } from '@tessera/contracts/code';

/** The validator's issues of one file as lint markers on their lines (a file-wide issue, or a line past the end, marks the nearest line). */
export function diagnosticsOf(doc: Text, issues: CodeIssue[]): Diagnostic[] {
  return issues.map((issue) => {
    const line = doc.line(Math.min(Math.max(issue.line ?? 1, 1), doc.lines));
    return { from: line.from, to: line.to, severity: issue.severity, message: issue.message, source: 'validator' };
  });
}
