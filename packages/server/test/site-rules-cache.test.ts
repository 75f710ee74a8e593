import { describe, expect, it } from 'vitest';
import type { Db } from '../src/services/cart/cart-store';
import { createSiteRulesCache } from '../src/services/cart/site-rules-cache';

const db = {} as Db;
const rules = (name: string) => ({
  taxRules: [],
  shippingOptions: [{ id: name, name, description: '', costCents: 1 }],
});

describe('site rules cache', () => {
  it('serves a resolved value until the TTL passes, then reloads', async () => {
    let loads = 0;
    const cache = createSiteRulesCache(async () => rules(`v${++loads}`), 50);
    expect((await cache(db, 'w1')).shippingOptions[0]?.id).toBe('v1');
    expect((await cache(db, 'w1')).shippingOptions[0]?.id).toBe('v1');
    await new Promise((r) => setTimeout(r, 60));
    expect((await cache(db, 'w1')).shippingOptions[0]?.id).toBe('v2');
  });

  it('never makes a caller wait on another caller’s in-flight load', async () => {
    const handles: unknown[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const cache = createSiteRulesCache(async (handle) => {
      handles.push(handle);
      if (handles.length === 1) await gate; // the first load is stuck (its connection is busy)
      return rules('x');
    });
    const first = cache({ name: 'tx1' } as unknown as Db, 'w1');
    const second = await cache({ name: 'tx2' } as unknown as Db, 'w1');
    expect(second.shippingOptions[0]?.id).toBe('x');
    expect(handles).toHaveLength(2);
    release();
    await first;
  });
});
