// Issue #42 item 8: a key rotation gives the team a new key version while its view is open. The
// view stays as the user left it (the item opened, a password shown, a Show under way) while the
// list read under the new key replaces the old one; keyed by key version, it started afresh and
// the Show was lost.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateTeamKey, type TeamKey } from '../../../../src/crypto';
import { TeamPasswordsView } from '../../../../src/features/vault/TeamPasswordsView';
import { savePassword, type TeamVaultDeps } from '../../../../src/features/vault/vaultService';
import { MemoryGroupRepository, MemoryPasswordRepository } from '../../../doubles/memoryVaultRepositories';
import { openItem } from '../../../support/vaultList';

let oldKey: TeamKey;
let newKey: TeamKey;
beforeAll(async () => {
  [oldKey, newKey] = await Promise.all([generateTeamKey(), generateTeamKey()]);
});

afterEach(() => {
  vi.restoreAllMocks();
});

const DEPLOY = { title: 'Deploy', url: null, notes: 'rotate monthly', username: 'deployer', password: 'ship-it', groupId: null };
const team = { name: 'Engineering', memberCount: 3, role: 'full' as const };

/** A team vault at key version 2 holding one sealed entry, and the deps of its next key version. */
async function teamVault() {
  const stores = { passwords: new MemoryPasswordRepository(), groups: new MemoryGroupRepository() };
  const at = (keyVersion: number, key: TeamKey, previousKey: TeamKey | null): TeamVaultDeps => ({
    ...stores,
    userId: 'full-user',
    team: { teamId: 'team-eng', key, keyVersion, role: 'full', previousKey },
    sealedFormat: true,
    now: () => Date.UTC(2026, 11, 6),
  });
  const before = at(2, oldKey, null);
  const deploy = await savePassword(before, DEPLOY);
  return { before, after: at(3, newKey, oldKey), deploy };
}

/**
 * The rotation as the view sees it: the team's access opens at key version 3 (the view gets new
 * deps), then the entry is re-encrypted under the new key (same values, a new revision) and a
 * teammate adds one, so the list read under the new key is told by its extra row.
 */
async function rotate(view: ReturnType<typeof render>, vault: Awaited<ReturnType<typeof teamVault>>) {
  view.rerender(<TeamPasswordsView team={team} access={{ status: 'open', deps: vault.after }} />);
  await act(async () => {
    await savePassword(vault.after, DEPLOY, vault.deploy);
    await savePassword(vault.after, { ...DEPLOY, title: 'Backup', password: 'other' });
  });
  expect(await screen.findByRole('button', { name: 'Backup' })).toBeInTheDocument();
}

function renderView(deps: TeamVaultDeps) {
  return render(<TeamPasswordsView team={team} access={{ status: 'open', deps }} />);
}

describe('a key rotation under the open team view', () => {
  it('keeps the opened item and its shown password while the new key’s entries replace the old', async () => {
    const user = userEvent.setup();
    const vault = await teamVault();
    const view = renderView(vault.before);
    const pane = await openItem('Deploy', user);
    await user.click(within(pane).getByRole('button', { name: 'Show password for Deploy' }));
    expect(await within(pane).findByText('ship-it')).toBeInTheDocument();

    await rotate(view, vault);

    const after = screen.getByRole('heading', { name: 'Deploy' }).closest('section')!;
    expect(await within(after).findByText('ship-it')).toBeInTheDocument();
    expect(within(after).getByRole('button', { name: 'Hide password for Deploy' })).toBeInTheDocument();
  });

  it('lets a Show clicked before the rotation take effect once its details open', async () => {
    const user = userEvent.setup();
    const vault = await teamVault();
    const view = renderView(vault.before);
    const pane = await openItem('Deploy', user);
    // The Show's decryption is held until the new key's list is on screen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const decrypt = globalThis.crypto.subtle.decrypt.bind(globalThis.crypto.subtle);
    vi.spyOn(globalThis.crypto.subtle, 'decrypt').mockImplementationOnce(async (...args: Parameters<SubtleCrypto['decrypt']>) => {
      await held;
      return decrypt(...args);
    });
    await user.click(within(pane).getByRole('button', { name: 'Show password for Deploy' }));
    expect(within(pane).queryByText('ship-it')).not.toBeInTheDocument();

    await rotate(view, vault);
    await act(async () => {
      release();
      await held;
    });

    const after = screen.getByRole('heading', { name: 'Deploy' }).closest('section')!;
    expect(await within(after).findByText('ship-it')).toBeInTheDocument();
  });
});
