import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadStrengthEstimator, strengthLabel } from '../../../src/features/auth/passwordStrength';
import { resetEmailSent } from '../../../src/features/auth/messages';

describe('strengthLabel', () => {
  it('names each zxcvbn score', () => {
    expect([0, 1, 2, 3, 4].map((score) => strengthLabel(score as 0 | 1 | 2 | 3 | 4))).toEqual([
      'Very weak',
      'Weak',
      'Fair',
      'Good',
      'Strong',
    ]);
  });
});

describe('loadStrengthEstimator', () => {
  it('loads zxcvbn once and rates common and long random passwords apart', async () => {
    const first = loadStrengthEstimator();
    expect(loadStrengthEstimator()).toBe(first);
    const estimate = await first;
    const weak = estimate('password', []);
    expect(weak).toMatchObject({ score: 0, label: 'Very weak' });
    expect(weak.warning).toEqual(expect.any(String));
    expect(estimate('Plum-Violin-Quartz-93!', [])).toMatchObject({ score: 4, label: 'Strong', warning: null });
  });

  it('counts the user inputs as guessable', async () => {
    const estimate = await loadStrengthEstimator();
    expect(estimate('zebulon.quixotic', ['zebulon.quixotic']).score).toBeLessThan(estimate('zebulon.quixotic', []).score);
  });
});

describe('bundle hygiene', () => {
  it('imports zxcvbn only dynamically in the auth feature (types aside)', () => {
    const dir = new URL('../../../src/features/auth/', import.meta.url);
    const sources = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file));
    expect(sources.length).toBeGreaterThan(5);
    for (const file of sources) {
      const text = readFileSync(new URL(file, dir), 'utf8');
      expect(text, file).not.toMatch(/^import (?!type )[^;]*from '@zxcvbn-ts\//m);
    }
  });
});

describe('resetEmailSent', () => {
  it('names the trimmed address', () => {
    expect(resetEmailSent(' a@example.com ')).toBe('If an account exists for a@example.com, a password reset link is on its way.');
  });
});
