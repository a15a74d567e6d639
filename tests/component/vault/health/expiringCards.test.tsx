// Issue #44: the health report says it covers logins, and lists the cards expired or expiring
// within 60 days (from the overview the list holds), each opened from it. Keyboard only.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { asStoredCiphertext } from '../../../../src/crypto';
import { HEALTH_TEXTS, HealthDialog } from '../../../../src/features/vault/health/HealthDialog';
import type { EstimateStrength } from '../../../../src/features/vault/health/healthReport';
import type { HealthScope } from '../../../../src/features/vault/health/scanHealth';
import { itemToParts } from '../../../../src/features/vault/items/sealedItem';
import type { CardExpiry, Item } from '../../../../src/features/vault/items/kinds';
import type { PasswordEntry } from '../../../../src/features/vault/model';
import { makeEntry } from '../list/harness';

// 27 November 2026, noon local time: a December card's last day is 34 days away, a January one's 65.
const NOW = new Date(2026, 10, 27, 12).getTime();

const estimate: EstimateStrength = () => Promise.resolve(4);
const scope: HealthScope = { fingerprint: (password) => Promise.resolve(`fp(${password})`), keyVersion: null };

function card(id: string, title: string, number: string, expiry: CardExpiry | null): PasswordEntry {
  const item: Item = { kind: 'card', title, notes: '', favourite: false, customFields: [], fields: { cardholder: '', number, expiry, code: '' } };
  return makeEntry(id, {
    title,
    username: '',
    password: '',
    sealedDetails: { sealed: asStoredCiphertext('entry-details', 'AAAA'), keyVersion: null, format: 3 },
    item: itemToParts(item).overview,
  });
}

function renderDialog(entries: readonly PasswordEntry[]) {
  const onOpenEntry = vi.fn<(id: string) => void>();
  render(
    <HealthDialog
      subject="Personal Passwords"
      entries={entries}
      openDetails={(entry) => Promise.resolve(entry)}
      loadEstimator={() => Promise.resolve(estimate)}
      scope={scope}
      onOpenEntry={onOpenEntry}
      onClose={() => undefined}
      now={() => NOW}
    />,
  );
  return { onOpenEntry };
}

describe('cards in the health report', () => {
  it('lists expired cards and those expiring within 60 days, soonest first, and opens one', async () => {
    const user = userEvent.setup();
    const { onOpenEntry } = renderDialog([
      makeEntry('l', { title: 'Mail', password: 'a long enough password', createdAt: NOW }),
      card('dec', 'Expires December', '4111111111111111', { month: 12, year: 2026 }),
      card('jan', 'Expires January', '4111111111111111', { month: 1, year: 2027 }),
      card('nov', 'This month', '5555555555554444', { month: 11, year: 2026 }),
      card('old', 'Expired', '4111111111111111', { month: 10, year: 2026 }),
      card('none', 'No expiry', '4111111111111111', null),
    ]);
    await screen.findByText(HEALTH_TEXTS.summary(1));
    expect(screen.getByText(HEALTH_TEXTS.covers)).toBeInTheDocument();
    const cards = screen.getByRole('region', { name: 'Expiring cards' });
    const rows = within(cards).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'ExpiredVisa •••• 1111Expired 10/26',
      'This monthMastercard •••• 4444Expires 11/26',
      'Expires DecemberVisa •••• 1111Expires 12/26',
    ]);
    await user.tab();
    for (let presses = 0; presses < 20 && document.activeElement !== within(cards).getByRole('button', { name: 'Open This month' }); presses += 1) await user.tab();
    await user.keyboard('{Enter}');
    expect(onOpenEntry).toHaveBeenCalledWith('nov');
  });

  it('says when no card expires soon, and judges no card as a password', async () => {
    renderDialog([card('feb', 'Expires February', '4111111111111111', { month: 2, year: 2027 })]);
    expect(await screen.findByText(HEALTH_TEXTS.empty)).toBeInTheDocument();
    expect(screen.getByText(HEALTH_TEXTS.noCards)).toBeInTheDocument();
  });
});
