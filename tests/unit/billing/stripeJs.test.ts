import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadStripeJs } from '../../../src/data/stripe/stripeJs';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('loadStripeJs', () => {
  it("is 'no-key' without a publishable key, and loads nothing", async () => {
    const loader = vi.fn(() => Promise.resolve({}));
    await expect(loadStripeJs(null, { loader })).resolves.toBe('no-key');
    expect(loader).not.toHaveBeenCalled();
  });

  it("is 'ready' once the script loaded, and loads it once", async () => {
    const loader = vi.fn(() => Promise.resolve({}));
    await expect(loadStripeJs('pk_test_1', { loader })).resolves.toBe('ready');
    await expect(loadStripeJs('pk_test_1', { loader })).resolves.toBe('ready');
    expect(loader).toHaveBeenCalledTimes(1);
    expect(loader).toHaveBeenCalledWith('pk_test_1');
  });
});

// A fresh module for each case below: the one above keeps its loaded script for the page's life.
describe('loadStripeJs when the script does not come', () => {
  async function fresh() {
    vi.resetModules();
    return (await import('../../../src/data/stripe/stripeJs')).loadStripeJs;
  }

  it("is 'failed' when the script cannot load, and tries again next time", async () => {
    const load = await fresh();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const loader = vi.fn().mockRejectedValueOnce(new Error('Failed to load Stripe.js')).mockResolvedValueOnce({});
    await expect(load('pk_test_1', { loader })).resolves.toBe('failed');
    await expect(load('pk_test_1', { loader })).resolves.toBe('ready');
  });

  it("is 'failed' when the loader gives no Stripe (no window)", async () => {
    const load = await fresh();
    await expect(load('pk_test_1', { loader: () => Promise.resolve(null) })).resolves.toBe('failed');
  });

  it("is 'failed' after the timeout when the script hangs", async () => {
    const load = await fresh();
    vi.useFakeTimers();
    const result = load('pk_test_1', { loader: () => new Promise(() => undefined), timeoutMs: 10_000 });
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(result).resolves.toBe('failed');
  });
});
