import { describe, expect, it } from 'vitest';
import { createDomainHosts } from './domain-hosts';

describe('the verified-hosts map', () => {
  it('reads the table once while fresh, again after a change or once aged', async () => {
    let now = 0;
    let rows = [{ hostname: 'shop.example.com', slug: 'shop' }];
    let loads = 0;
    const hosts = createDomainHosts({ load: async () => (loads++, rows), maxAgeMs: 1000, clock: () => now });
    await Promise.all([hosts.refresh(), hosts.refresh()]);
    await hosts.refresh();
    expect(loads).toBe(1);
    expect(hosts.slugOf('shop.example.com')).toBe('shop');
    expect(hosts.hostnamesOf('shop')).toEqual(['shop.example.com']);

    rows = [];
    hosts.invalidate();
    await hosts.refresh();
    expect(hosts.slugOf('shop.example.com')).toBeUndefined();
    now = 1000;
    await hosts.refresh();
    expect(loads).toBe(3);
  });

  it('reads again when a change lands while a read is under way', async () => {
    let release!: () => void;
    let loads = 0;
    const hosts = createDomainHosts({
      load: async () => {
        loads++;
        if (loads === 1) await new Promise<void>((resolve) => (release = resolve));
        return [{ hostname: 'a.example.com', slug: loads === 1 ? 'old' : 'new' }];
      },
    });
    const first = hosts.refresh();
    await Promise.resolve();
    hosts.invalidate();
    release();
    await first;
    expect(loads).toBe(2);
    expect(hosts.slugOf('a.example.com')).toBe('new');
  });

  it('subscribes to change notices once, on the first refresh', async () => {
    let onChange: (() => void) | null = null;
    let watches = 0;
    let loads = 0;
    const hosts = createDomainHosts({
      load: async () => (loads++, []),
      watch: async (fn) => {
        watches++;
        onChange = fn;
      },
    });
    await hosts.refresh();
    await hosts.refresh();
    expect(watches).toBe(1);
    onChange!();
    await hosts.refresh();
    expect(loads).toBe(2);
  });
});
