import { describe, expect, it } from 'vitest';
import { type ToolApp } from '@tessera/contracts/apps';
import { DEFAULT_TOOL_TEXTS, type CustomField } from '@tessera/contracts/tools';
import { moved, newStepId, toolFields, toolTexts, withFields, withTexts, withTitle, withTool } from './tool-draft';

const field = (name: string, toolId: string | null): CustomField => ({
  name,
  label: name,
  type: 'text',
  required: false,
  personal: false,
  memorize: false,
  stepId: null,
  instructions: '',
  toolId,
  filterCondition: 'none',
  options: [],
});

const tool = (toolId: string) => ({
  toolId,
  title: toolId,
  path: toolId,
  status: 'draft' as const,
  dataItems: [],
  instructions: '',
});

const app: ToolApp = {
  name: 'Shop',
  tools: [tool('a'), tool('b')],
  // `loose` has no toolId: it belongs to the first tool.
  fields: [field('loose', null), field('of_b', 'b'), field('of_a', 'a')],
  inputSteps: [],
};

describe('tool draft edits', () => {
  it('gives each tool its fields; the first tool also owns fields that name no tool', () => {
    expect(toolFields({ app, toolId: 'a' }).map((f) => f.name)).toEqual(['loose', 'of_a']);
    expect(toolFields({ app, toolId: 'b' }).map((f) => f.name)).toEqual(['of_b']);
  });

  it("replaces one tool's fields in the given order and leaves the other tool's alone", () => {
    const next = withFields({ app, toolId: 'a' }, [field('of_a', 'a'), field('new_one', null)]);
    expect(toolFields({ app: next, toolId: 'a' }).map((f) => f.name)).toEqual(['of_a', 'new_one']);
    expect(next.fields?.find((f) => f.name === 'new_one')?.toolId).toBe('a');
    expect(toolFields({ app: next, toolId: 'b' }).map((f) => f.name)).toEqual(['of_b']);
  });

  it('changes one tool only, and texts fall back to the app’s then the defaults', () => {
    const next = withTool({ app, toolId: 'b' }, { title: 'Bikes' });
    expect(next.tools?.map((t) => t.title)).toEqual(['a', 'Bikes']);
    expect(toolTexts({ app, toolId: 'a' })).toEqual(DEFAULT_TOOL_TEXTS);
    const withAppTexts = { ...app, texts: { ...DEFAULT_TOOL_TEXTS, header: 'App header' } };
    expect(toolTexts({ app: withAppTexts, toolId: 'a' }).header).toBe('App header');
    const own = withTexts({ app: withAppTexts, toolId: 'a' }, { description: 'Mine' });
    expect(toolTexts({ app: own, toolId: 'a' })).toMatchObject({ header: 'App header', description: 'Mine' });
    expect(toolTexts({ app: own, toolId: 'b' }).description).toBe('');
  });

  it("retitles one tool; a path made for it follows the title, free among the app's tools", () => {
    const made = { ...app, tools: [tool('meal-ideas'), { ...tool('b'), path: 'tool', autoPath: true }] };
    const next = withTitle({ app: made, toolId: 'b' }, 'Meal ideas!');
    expect(next.tools?.map((t) => [t.title, t.path])).toEqual([
      ['meal-ideas', 'meal-ideas'],
      ['Meal ideas!', 'meal-ideas-2'],
    ]);
    // A path set by hand (no autoPath) stays.
    expect(withTitle({ app, toolId: 'b' }, 'Bikes').tools?.[1]).toMatchObject({ title: 'Bikes', path: 'b' });
  });

  it('moves an item and makes free step ids', () => {
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(newStepId([])).toBe('step-1');
    expect(newStepId([{ id: 'step-2', title: '' }])).toBe('step-3');
    expect(
      newStepId([
        { id: 'step-2', title: '' },
        { id: 'step-3', title: '' },
      ]),
    ).toBe('step-4');
  });
});
