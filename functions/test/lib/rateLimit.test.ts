import { describe, expect, it } from 'vitest';
import { decideRateLimit, withinWindow } from '../../src/lib/rateLimit';

const hour = { max: 3, windowMs: 3_600_000 };

describe('decideRateLimit', () => {
  it('allows up to the maximum within the window and records the new time', () => {
    expect(decideRateLimit([], 10_000, hour)).toEqual({ allowed: true, times: [10_000] });
    expect(decideRateLimit([1, 2], 10_000, hour)).toEqual({ allowed: true, times: [1, 2, 10_000] });
    expect(decideRateLimit([1, 2, 3], 10_000, hour)).toEqual({ allowed: false });
  });

  it('forgets what fell out of the window', () => {
    const now = 5_000_000;
    expect(withinWindow([now - 3_600_000, now - 3_599_999], now, hour.windowMs)).toEqual([now - 3_599_999]);
    expect(decideRateLimit([now - 3_600_000, now - 3_600_001, now - 10], now, hour)).toEqual({ allowed: true, times: [now - 10, now] });
  });
});
