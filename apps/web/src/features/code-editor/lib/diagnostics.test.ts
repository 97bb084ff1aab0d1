import { describe, expect, it } from 'vitest';
import { Text } from '@codemirror/state';
import { diagnosticsOf } from './diagnostics';

const doc = Text.of(['import A from "./A";', 'export default () => <A />;', '']);
const issue = (line: number | null, severity: 'error' | 'warning' = 'error') => ({
  file: 'pages/Home.jsx',
  line,
  message: `issue on ${line}`,
  severity,
});

describe('diagnosticsOf', () => {
  it('marks the whole line the validator names, with its message and severity', () => {
    expect(diagnosticsOf(doc, [issue(2, 'warning')])).toEqual([
      { from: 21, to: 48, severity: 'warning', message: 'issue on 2', source: 'validator' },
    ]);
  });
  it('puts a file-wide issue on line 1 and keeps lines past the end (an older save) on the last one', () => {
    const [fileWide, pastEnd, zero] = diagnosticsOf(doc, [issue(null), issue(40), issue(0)]);
    expect([fileWide!.from, fileWide!.to]).toEqual([0, 20]);
    expect([pastEnd!.from, pastEnd!.to]).toEqual([49, 49]);
    expect([zero!.from, zero!.to]).toEqual([0, 20]);
  });
});
