import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccountKeys, type VaultKey } from '../../../../src/crypto';
import { HEALTH_TEXTS, HealthDialog } from '../../../../src/features/vault/health/HealthDialog';
import type { EstimateStrength, StrengthScore } from '../../../../src/features/vault/health/healthReport';
import type { HealthScope } from '../../../../src/features/vault/health/scanHealth';
import type { PasswordEntry } from '../../../../src/features/vault/model';
import type { PersonalVaultDeps } from '../../../../src/features/vault/personalVault';
import type { VaultTransfer } from '../../../../src/features/vault/transfer';
import { VaultPanel } from '../../../../src/features/vault/VaultPanel';
import { savePassword } from '../../../../src/features/vault/vaultService';
import { MemoryGroupRepository, MemoryPasswordRepository } from '../../../doubles/memoryVaultRepositories';
import { deferred } from '../../../support/async';
import { expectConsoleError } from '../../../support/consoleErrors';
import { makeEntry } from '../list/harness';

// Issue #23: the health report of a vault, its sections and empty states, its progress, and
// opening an entry from it to fix it. Issue #42: entries sealed with their health record show
// their findings at once, while the rest are still being opened.

const NOW = Date.UTC(2026, 10, 27);
const DAY = 24 * 60 * 60 * 1000;

/** A stand-in for zxcvbn: the score is the password's length bucket. */
const estimate: EstimateStrength = (password) => Promise.resolve(Math.min(4, Math.floor(password.length / 4)) as StrengthScore);
/** A stand-in fingerprint: equal for equal passwords, as the HMAC is. */
const scope: HealthScope = { fingerprint: (password) => Promise.resolve(`fp(${password})`), keyVersion: null };

function renderDialog(entries: readonly PasswordEntry[], overrides: Partial<Parameters<typeof HealthDialog>[0]> = {}) {
  const onOpenEntry = vi.fn<(id: string) => void>();
  const onClose = vi.fn();
  render(
    <HealthDialog
      subject="Personal Passwords"
      entries={entries}
      openDetails={(entry) => Promise.resolve(entry)}
      loadEstimator={() => Promise.resolve(estimate)}
      scope={scope}
      onOpenEntry={onOpenEntry}
      onClose={onClose}
      now={() => NOW}
      {...overrides}
    />,
  );
  return { onOpenEntry, onClose };
}

const section = (name: string) => screen.getByRole('region', { name });

describe('the health report', () => {
  it('counts and lists weak, reused and old passwords; each entry opens from it', async () => {
    const entries = [
      makeEntry('w', { title: 'Weak one', password: 'abc' }),
      makeEntry('r1', { title: 'Mail', password: 'shared long secret' }),
      makeEntry('r2', { title: 'Chat', password: 'shared long secret' }),
      makeEntry('o', { title: 'Forum', password: 'an old but long password', createdAt: NOW - 400 * DAY }),
      makeEntry('ok', { title: 'Fine', password: 'a fine long password', createdAt: NOW - 10 * DAY }),
    ].map((entry) => (entry.id === 'o' ? entry : { ...entry, createdAt: NOW - 10 * DAY }));
    const user = userEvent.setup();
    const { onOpenEntry } = renderDialog(entries);
    expect(screen.getByRole('dialog', { name: 'Password health: Personal Passwords' })).toBeInTheDocument();
    await screen.findByText(HEALTH_TEXTS.summary(5));
    // The summary: each finding counted (the reuse finding counts entries).
    expect(screen.getAllByRole('definition').map((count) => count.textContent)).toEqual(['1', '2', '1']);
    expect(within(section(HEALTH_TEXTS.weak)).getAllByRole('listitem').map((item) => item.textContent)).toEqual([expect.stringContaining('Weak one')]);
    expect(within(section(HEALTH_TEXTS.weak)).getByText('Very weak')).toBeInTheDocument();
    const reused = section(HEALTH_TEXTS.reused);
    expect(within(reused).getByText(HEALTH_TEXTS.usedBy(2))).toBeInTheDocument();
    expect(within(reused).getAllByRole('button').map((button) => button.textContent)).toEqual(['Chat', 'Mail']);
    expect(within(section(HEALTH_TEXTS.old)).getByRole('button', { name: 'Open Forum' })).toBeInTheDocument();
    // Nothing of a password is on screen.
    expect(document.body.textContent).not.toContain('shared long secret');
    await user.click(within(reused).getByRole('button', { name: 'Open Mail' }));
    expect(onOpenEntry).toHaveBeenCalledWith('r1');
  });

  it('says so for each finding it has none of, and counts what could not be decrypted', async () => {
    const entries = [makeEntry('a', { password: 'a long and unique one', createdAt: NOW }), makeEntry('b', { undecryptable: true })];
    renderDialog(entries);
    await screen.findByText(HEALTH_TEXTS.summary(1));
    expect(within(section(HEALTH_TEXTS.weak)).getByText(HEALTH_TEXTS.noWeak)).toBeInTheDocument();
    expect(within(section(HEALTH_TEXTS.reused)).getByText(HEALTH_TEXTS.noReused)).toBeInTheDocument();
    expect(within(section(HEALTH_TEXTS.old)).getByText(HEALTH_TEXTS.noOld)).toBeInTheDocument();
    expect(screen.getByText(HEALTH_TEXTS.unreadable(1))).toBeInTheDocument();
  });

  it('shows its progress while it opens the details, and an empty vault has nothing to check', async () => {
    const opening = deferred<PasswordEntry>();
    const entry = makeEntry('a', { password: '' });
    renderDialog([entry], { openDetails: () => opening.promise });
    expect(await screen.findByText(HEALTH_TEXTS.checking(0, 1))).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('max', '1');
    opening.resolve({ ...entry, password: 'a long and unique one' });
    await screen.findByText(HEALTH_TEXTS.summary(1));
  });

  it('shows the findings of entries sealed with their record while the others are still opening', async () => {
    const recorded = (id: string, title: string, strength: StrengthScore) =>
      makeEntry(id, {
        title,
        password: '',
        sealed: true,
        sealedDetails: { sealed: `details-${id}` as never, keyVersion: null },
        health: { strength, fingerprint: `fp-${id}`, passwordSetAt: NOW - DAY },
      });
    const opening = deferred<PasswordEntry>();
    const unrecorded = makeEntry('later', { title: 'Legacy', password: '', sealedDetails: { sealed: 'd' as never, keyVersion: null }, createdAt: NOW - DAY });
    const estimator = deferred<EstimateStrength>();
    renderDialog([recorded('w', 'Weak one', 0), recorded('s', 'Strong one', 4), unrecorded], {
      openDetails: (entry) => (entry.id === 'later' ? opening.promise : Promise.resolve(entry)),
      loadEstimator: () => estimator.promise,
    });
    // Before any details opened and before the estimator loaded: the recorded weak one is listed.
    expect(await screen.findByText(HEALTH_TEXTS.soFar(2))).toBeInTheDocument();
    expect(screen.getByText(HEALTH_TEXTS.checking(2, 3))).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(within(section(HEALTH_TEXTS.weak)).getByRole('button', { name: 'Open Weak one' })).toBeInTheDocument();
    estimator.resolve(estimate);
    opening.resolve({ ...unrecorded, password: 'abc' });
    await screen.findByText(HEALTH_TEXTS.summary(3));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(section(HEALTH_TEXTS.weak)).getAllByRole('button').map((button) => button.textContent)).toEqual(['Legacy', 'Weak one']);
  });

  it('an estimator that does not load says the passwords could not be checked', async () => {
    expectConsoleError(/The password health check failed/);
    renderDialog([makeEntry('a')], { loadEstimator: () => Promise.reject(new Error('offline')) });
    expect(await screen.findByRole('alert')).toHaveTextContent(HEALTH_TEXTS.failed);
  });
});

let vaultKey: VaultKey;
beforeAll(async () => {
  ({ vaultKey } = await createAccountKeys('master password'));
});

describe('VaultPanel: Password health', () => {
  it('opens the report of this vault and, from it, the entry to fix, whatever the search', async () => {
    const deps: PersonalVaultDeps = { passwords: new MemoryPasswordRepository(), groups: new MemoryGroupRepository(), vaultKey, userId: 'ana', now: () => NOW };
    for (const [title, password] of [['Bank', 'abc'], ['Mail', 'a long enough password']] as const) {
      await savePassword(deps, { title, url: null, notes: null, username: 'ana', password, groupId: null });
    }
    const transfer: VaultTransfer = { loadStrengthEstimator: () => Promise.resolve(estimate) };
    const user = userEvent.setup();
    render(<VaultPanel deps={deps} heading="Personal Passwords" name="Personal Passwords" listLabel="Personal passwords" subject="your passwords" canCreate canEdit canDelete transfer={transfer} />);
    await screen.findByRole('listitem', { name: 'Mail' });
    await user.type(screen.getByRole('searchbox'), 'Mail');
    await user.click(screen.getByRole('button', { name: HEALTH_TEXTS.button }));
    const dialog = screen.getByRole('dialog', { name: 'Password health: Personal Passwords' });
    await user.click(await within(dialog).findByRole('button', { name: 'Open Bank' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const pane = screen.getByRole('region', { name: 'Item details' });
    await waitFor(() => {
      expect(within(pane).getByRole('heading', { name: 'Bank' })).toHaveFocus();
    });
    expect(screen.getByRole('searchbox')).toHaveValue('');
  });

  it('is not offered without the estimator', async () => {
    const deps: PersonalVaultDeps = { passwords: new MemoryPasswordRepository(), groups: new MemoryGroupRepository(), vaultKey, userId: 'ana', now: () => NOW };
    render(<VaultPanel deps={deps} heading="Personal Passwords" listLabel="Personal passwords" subject="your passwords" canCreate canEdit canDelete />);
    await screen.findByText('No passwords yet. Add your first password!');
    expect(screen.queryByRole('button', { name: HEALTH_TEXTS.button })).not.toBeInTheDocument();
  });
});
