import { describe, expect, it } from 'vitest';
import { upgradeReasonForNewItem } from './plan-gate';

describe('upgradeReasonForNewItem', () => {
  it('lets the free plan add its first item and opens the prompt on the second', () => {
    expect(upgradeReasonForNewItem('lite', 0)).toBeNull();
    expect(upgradeReasonForNewItem('lite', 1)).toBe('free_data_items_limit');
    expect(upgradeReasonForNewItem('lite', 3)).toBe('free_data_items_limit');
  });

  it('leaves paid plans to the server', () => {
    expect(upgradeReasonForNewItem('explorer', 1)).toBeNull();
    expect(upgradeReasonForNewItem('moon', 40)).toBeNull();
  });
});
