import { describe, expect, it } from 'vitest';
import * as deployed from '../src/index';
import { enforceAppCheckFromEnv } from '../src/lib/globalOptions';

// The manifest each function carries (what `firebase deploy` reads): the global options must be
// in it, which needs them set before the function modules run.
type WithEndpoint = { __endpoint?: { region?: unknown; maxInstances?: unknown } };

describe('global options', () => {
  it('reach every deployed function: region us-central1 (SPEC.md §7) and the instance cap', () => {
    const functions = Object.entries(deployed) as [string, WithEndpoint][];
    expect(functions.length).toBeGreaterThan(10);
    for (const [name, fn] of functions) {
      expect(fn.__endpoint?.region, name).toEqual(['us-central1']);
      expect(fn.__endpoint?.maxInstances, name).toBe(10);
    }
  });

  it('enforce App Check only when the project says ENFORCE_APP_CHECK=true', () => {
    expect(enforceAppCheckFromEnv({})).toBe(false);
    expect(enforceAppCheckFromEnv({ ENFORCE_APP_CHECK: 'false' })).toBe(false);
    expect(enforceAppCheckFromEnv({ ENFORCE_APP_CHECK: '1' })).toBe(false);
    expect(enforceAppCheckFromEnv({ ENFORCE_APP_CHECK: 'true' })).toBe(true);
  });
});
