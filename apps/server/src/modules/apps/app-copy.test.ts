import { describe, expect, it } from 'vitest';
import { copiedDefinition } from './app-copy';

describe('copiedDefinition', () => {
  it("points tools' data items at the copies, drops unknown ones and makes every tool a draft", () => {
    const definition = {
      pages: { Home: 'x' },
      tools: [
        {
          toolId: 't1',
          status: 'active',
          dataItems: [
            { contextItemId: 'a', type: 'txt' },
            { contextItemId: 'gone', type: 'csv' },
          ],
        },
        { toolId: 't2', status: 'draft', dataItems: [] },
      ],
    };
    const copied = copiedDefinition(definition, new Map([['a', 'a2']]));
    expect(copied).toEqual({
      pages: { Home: 'x' },
      tools: [
        {
          toolId: 't1',
          status: 'draft',
          dataItems: [{ contextItemId: 'a2', originalContextItemId: 'a', type: 'txt' }],
        },
        { toolId: 't2', status: 'draft', dataItems: [] },
      ],
    });
    expect(definition.tools[0]!.status).toBe('active');
  });
});
