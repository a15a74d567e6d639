import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { KEY_FINGERPRINT_MESSAGES, KeyFingerprintSection } from '../../../src/features/settings';
import type { OwnKeyFingerprint } from '../../../src/features/settings';

const SHOWN = '3f9a 0c12 77be 1d40 9e2a 5b61 c0de f00d';

function renderSection(load: () => Promise<OwnKeyFingerprint>) {
  render(<KeyFingerprintSection load={load} />);
  return screen.getByRole('region', { name: KEY_FINGERPRINT_MESSAGES.heading });
}

describe('Your key fingerprint', () => {
  it('says it is checking, then shows the fingerprint and how to use it', async () => {
    let answer: (value: OwnKeyFingerprint) => void = () => {};
    const section = renderSection(() => new Promise((resolve) => (answer = resolve)));
    expect(section).toHaveTextContent(KEY_FINGERPRINT_MESSAGES.loading);
    answer({ kind: 'ok', fingerprint: { full: 'f'.repeat(64), shown: SHOWN } });
    const code = await screen.findByText((_, element) => element?.tagName === 'CODE' && element.textContent === SHOWN);
    // Each group is its own element, so the layout can wrap between groups and never inside one.
    expect([...code.children].map((group) => group.textContent.trim())).toEqual(SHOWN.split(' '));
    expect(section).toHaveTextContent(KEY_FINGERPRINT_MESSAGES.explain);
    expect(section).not.toHaveTextContent(KEY_FINGERPRINT_MESSAGES.loading);
  });

  it('warns, without a fingerprint, when the published key is not this vault’s', async () => {
    const section = renderSection(() => Promise.resolve({ kind: 'mismatch' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(KEY_FINGERPRINT_MESSAGES.mismatch);
    expect(section).not.toHaveTextContent(SHOWN);
  });

  it('says when the key is not published yet', async () => {
    renderSection(() => Promise.resolve({ kind: 'unpublished' }));
    expect(await screen.findByText(KEY_FINGERPRINT_MESSAGES.unpublished)).toBeInTheDocument();
  });

  it('says so when the check fails', async () => {
    renderSection(() => Promise.reject(new Error('offline')));
    expect(await screen.findByRole('alert')).toHaveTextContent(KEY_FINGERPRINT_MESSAGES.failed);
  });
});
