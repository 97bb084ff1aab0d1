import { describe, expect, it } from 'vitest';
import { APP_NAME_MAX_LENGTH } from '@tessera/contracts/apps';
import { toolNameOf } from './use-start-tool';

describe('toolNameOf', () => {
  it('takes the first line, trimmed', () => {
    expect(toolNameOf('  Gift finder  \nfor my shop')).toBe('Gift finder');
    expect(toolNameOf('   ')).toBe('');
  });
  it('cuts a long name to the app name limit with an ellipsis', () => {
    const name = toolNameOf('x'.repeat(300));
    expect(name).toHaveLength(APP_NAME_MAX_LENGTH);
    expect(name.endsWith('…')).toBe(true);
  });
});
