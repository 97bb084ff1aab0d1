import { beforeAll, describe, expect, it } from 'vitest';
import type { AppSnapshot, AppToolBrief } from '../snapshot';
import { buildSystemPrompt } from '../prompts';
import { readAppModel } from './app-model';
import { EMPTY_SNAPSHOT, badImports, compileErrors, errorsOf, runTurn } from './test-helpers';

const HELPER: AppToolBrief = {
  title: 'Recipe helper',
  path: 'recipe-helper',
  isActive: true,
  inputs: [
    { name: 'input', label: 'What are you cooking?', type: 'long_text', required: true, options: [] },
    { name: 'diet', label: 'Diet', type: 'select', required: false, options: ['any', 'vegan'] },
  ],
};

let base: AppSnapshot;
beforeAll(async () => {
  base = (await runTurn(EMPTY_SNAPSHOT, 'Build a recipe book with recipes (name, notes)')).snapshot;
});

describe("the offline builder and the app's tools", () => {
  it('adds a page that runs a named tool with Core.RunTool, linked in the navigation', async () => {
    const run = await runTurn(base, 'use the recipe helper tool', [HELPER]);
    expect(errorsOf(run.issues)).toEqual([]);
    expect(await compileErrors(run.snapshot)).toEqual([]);
    expect(badImports(run.snapshot)).toEqual([]);
    const page = run.snapshot.files['pages/RecipeHelper.jsx']!;
    expect(page).toContain('import { RunTool } from "@/integrations/Core";');
    expect(page).toContain('RunTool({ tool: TOOL.path, inputs: values })');
    expect(page).toContain('"path":"recipe-helper"');
    expect(run.snapshot.files['layout.jsx']).toContain('page: "RecipeHelper"');
    // The page is read back as the tool's: asking again changes nothing, and other turns keep it.
    expect(readAppModel(run.snapshot).extraPages).toContainEqual(
      expect.objectContaining({
        name: 'RecipeHelper',
        kind: 'tool',
        tool: expect.objectContaining({ path: 'recipe-helper' }),
      }),
    );
    const again = await runTurn(run.snapshot, 'add a page for the recipe helper tool', [HELPER]);
    expect(again.parsed.actions).toEqual([]);
    expect(again.turn.text).toContain('already runs the Recipe helper tool');
    const changed = await runTurn(run.snapshot, 'add a rating field to recipes', [HELPER]);
    expect(changed.snapshot.files['pages/RecipeHelper.jsx']).toBe(page);
  });

  it('says a draft must be turned on, and explains App tools when the app has none', async () => {
    const draft = await runTurn(base, 'use my tool', [{ ...HELPER, isActive: false }]);
    expect(draft.turn.text).toContain('turn it on in App tools');
    const none = await runTurn(base, 'use my AI tool on the home page', []);
    expect(none.parsed.actions).toEqual([]);
    expect(none.turn.text).toContain('This app has no AI tools yet');
  });
});

describe("the real models' system prompt", () => {
  it("lists the app's tools with their inputs and how to run them", () => {
    const prompt = buildSystemPrompt({ snapshot: base, appName: 'Recipes', tools: [HELPER] });
    expect(prompt).toContain("## The app's AI tools");
    expect(prompt).toContain('await RunTool({ tool: "path", inputs: { name: value } })');
    expect(prompt).toContain(
      '- "Recipe helper": tool "recipe-helper", live; inputs: input (What are you cooking?, long_text, required); diet (Diet, select: any | vegan)',
    );
    expect(buildSystemPrompt({ snapshot: base, appName: 'Recipes' })).not.toContain("## The app's AI tools");
  });
});
