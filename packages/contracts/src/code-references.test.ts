import { describe, expect, it } from 'vitest';
import { resolveAppImport } from './code-files';
import { importDeclarations, referencesToUpdate, removeJsxElements } from './code-references';

const badge = 'export default function Badge({ label }) { return <span>{label}</span>; }\n';

describe('importDeclarations', () => {
  it('reads default, named, aliased, namespace, side-effect and multi-line imports', () => {
    const source = [
      "import React, { useState } from 'react';",
      'import Badge from "../components/Badge";',
      "import { A, B as C, type D } from '@/components/ab';",
      "import * as Icons from 'lucide-react'",
      "import './side.css';",
      'import {',
      '  One,',
      '  Two,',
      "} from './many';",
      'const x = 1;',
    ].join('\n');
    expect(importDeclarations(source).map((d) => [d.specifier, d.names])).toEqual([
      ['react', ['React', 'useState']],
      ['../components/Badge', ['Badge']],
      ['@/components/ab', ['A', 'C', 'D']],
      ['lucide-react', ['Icons']],
      ['./side.css', []],
      ['./many', ['One', 'Two']],
    ]);
  });
});

describe('resolveAppImport', () => {
  const files = { 'components/Badge.jsx': '', 'components/ui/index.jsx': '', 'pages/Home.jsx': '' };
  it('resolves relative and @/ specifiers with extensions and index files', () => {
    expect(resolveAppImport(files, 'pages/Home.jsx', '../components/Badge')).toBe('components/Badge.jsx');
    expect(resolveAppImport(files, 'pages/Home.jsx', '@/components/Badge.jsx')).toBe('components/Badge.jsx');
    expect(resolveAppImport(files, 'pages/Home.jsx', '@/components/ui')).toBe('components/ui/index.jsx');
  });
  it('does not resolve packages, escapes above the root or prototype keys', () => {
    expect(resolveAppImport(files, 'pages/Home.jsx', 'react')).toBeNull();
    expect(resolveAppImport(files, 'pages/Home.jsx', '../../components/Badge')).toBeNull();
    expect(resolveAppImport(files, 'pages/Home.jsx', '@/__proto__')).toBeNull();
    expect(resolveAppImport(files, 'pages/Home.jsx', './constructor')).toBeNull();
  });
});

describe('removeJsxElements', () => {
  it.each([
    ['a self-closing child', '<div><Badge label="x" />text</div>', '<div>text</div>'],
    ['attributes with arrows and braces', '<p><Badge onClick={() => f(a > b)} style={{ a: 1 }}/></p>', '<p></p>'],
    ['a string attribute holding >', '<p><Badge label="a > b" /></p>', '<p></p>'],
    ['an element with children', '<div><Badge tone="x"><b>hi</b></Badge></div>', '<div><b>hi</b></div>'],
    ['nested same-name elements', '<Badge><Badge/>x</Badge>', 'x'],
    ['after &&, a value is left', '{ok && <Badge />}', '{ok && null}'],
    ['after return with children, a fragment', 'return <Badge>a</Badge>;', 'return <>a</>;'],
    ['in a ternary', 'x ? <Badge/> : <i/>', 'x ? null : <i/>'],
    ['not other names that start alike', '<BadgeList /><Badge/>', '<BadgeList />'],
    ['member names are left alone', '<Badge.Item />', '<Badge.Item />'],
  ])('%s', (_label, source, expected) => {
    expect(removeJsxElements(source, 'Badge')).toBe(expected);
  });

  it('leaves an unterminated element as it is', () => {
    expect(removeJsxElements('<Badge label="x"', 'Badge')).toBe('<Badge label="x"');
  });
});

describe('referencesToUpdate', () => {
  const page = [
    "import React from 'react';",
    "import Badge from '../components/Badge';",
    "import Card from '@/components/Card';",
    '',
    'export default function Home() {',
    '  return (',
    '    <Card>',
    '      <Badge label="new" />',
    '      <p>Hello</p>',
    '    </Card>',
    '  );',
    '}',
    '',
  ].join('\n');
  const files = {
    'app.json': '{}',
    'components/Badge.jsx': badge,
    'components/Card.jsx':
      "import Badge from './Badge.jsx';\nexport default ({ children }) => <div>{children}</div>;\n",
    'pages/Home.jsx': page,
    'pages/Other.jsx': "import Card from '../components/Card';\nexport default () => <Card />;\n",
    'entities/Badge.json': "import Badge from '../components/Badge';",
    'globals.css': "@import 'tailwindcss';",
  };

  it('takes out the imports of the deleted file and the elements they named, in every importer', () => {
    const updates = referencesToUpdate(files, 'components/Badge.jsx');
    expect(updates.map((u) => u.path)).toEqual(['components/Card.jsx', 'pages/Home.jsx']);
    const home = updates.find((u) => u.path === 'pages/Home.jsx')!;
    expect(home.names).toEqual(['Badge']);
    expect(home.content).not.toContain('Badge');
    expect(home.content).toContain("import Card from '@/components/Card';");
    expect(home.content).toContain('<p>Hello</p>');
    expect(updates[0]!.content).toBe('export default ({ children }) => <div>{children}</div>;\n');
  });

  it('changes nothing when no file imports the deleted one', () => {
    expect(referencesToUpdate(files, 'pages/Other.jsx')).toEqual([]);
  });

  it('does not touch entity files or the deleted file itself', () => {
    const updates = referencesToUpdate(files, 'components/Card.jsx');
    expect(updates.map((u) => u.path)).toEqual(['pages/Home.jsx', 'pages/Other.jsx']);
    expect(updates[1]!.content).toBe('export default () => null;\n');
  });
});
