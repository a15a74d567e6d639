import { codeAt, parseOneTimeCode } from '../../../src/features/vault/otp/oneTimeCode';
import { copyAnnouncement } from '../../../src/features/vault/list/useCopyFeedback';
import type { Item } from '../../../src/features/vault/items/kinds';
import { Button, buttonClassName } from '../../../src/ui/Button';
import { copyToClipboard } from '../../../src/ui/clipboard';
import type { ReadOnlyVault } from '../session/readOnlyVault';
import { accessibleTitle, type VaultItem } from '../vaultItems';
import { webVaultItemUrl } from '../webVault';
import type { PopupWorker } from './popupWorker';

type Copyable = 'username' | 'password' | 'otp';

function loginOf(opened: Item) {
  if (opened.kind !== 'login') throw new Error('not a login');
  return opened.fields;
}

/** The login's one-time code at this moment (the app's TOTP module, as the web vault's pane). */
function currentCode(otp: string | null): string {
  if (otp === null) throw new Error('This login has no one-time code.');
  return codeAt(parseOneTimeCode(otp), Date.now()).code;
}

export interface ItemRowProps {
  readonly item: VaultItem;
  readonly fill: ((item: VaultItem) => void) | null;
  readonly vault: ReadOnlyVault;
  readonly worker: PopupWorker;
  readonly onStatus: (message: string) => void;
  /** The web app's origin: the row links to the item there, in a new tab. */
  readonly webVault?: string | null;
}

/**
 * One login of the list: Fill where the page is one of its own, and its copies. A secret's copy is
 * cleared 30 s later by the worker (through the offscreen document), so also after the popup
 * closed; the words are the web vault's (copyAnnouncement).
 */
export function ItemRow({ item, fill, vault, worker, onStatus, webVault = null }: ItemRowProps) {
  const overview = item.overview;
  if (overview === null) return null;
  const username = overview.kind === 'login' ? overview.username : '';
  const copy = (field: Copyable) => {
    const secret = field !== 'username';
    const text = async () => {
      if (field === 'username') return username;
      const fields = loginOf(await vault.open(item));
      return field === 'password' ? fields.password : currentCode(fields.otp);
    };
    text()
      .then(async (value) => {
        await copyToClipboard(value);
        // The clear is planned only after the copy landed: a failed copy leaves an earlier secret's clear in place.
        await worker.copied(secret).catch((error: unknown) => {
          console.warn('Keyloft: the clipboard clear could not be planned', error);
        });
      })
      .then(
        () => { onStatus(copyAnnouncement({ field, ok: true })); },
        (error: unknown) => {
          console.error('Keyloft: copy failed', error);
          onStatus(copyAnnouncement({ field, ok: false }));
        },
      );
  };
  // A team item's buttons name its team too (accessibleTitle), as its visible label does.
  const title = accessibleTitle(item, overview.title);
  return (
    <li className="popup__item">
      <span className="popup__item-title">{overview.title}</span>
      {item.team === undefined ? null : <span className="popup__team">{`Team: ${item.team.name}`}</span>}
      {username === '' ? null : <span className="popup__muted">{username}</span>}
      <span className="popup__item-actions">
        {fill === null ? null : (
          <Button size="sm" onClick={() => { fill(item); }} aria-label={`Fill ${title}`}>
            Fill
          </Button>
        )}
        {overview.kind === 'login' ? (
          <>
            <Button size="sm" variant="secondary" onClick={() => { copy('username'); }} aria-label={`Copy username of ${title}`}>
              Copy username
            </Button>
            <Button size="sm" variant="secondary" onClick={() => { copy('password'); }} aria-label={`Copy password of ${title}`}>
              Copy password
            </Button>
            {overview.hasOneTimeCode ? (
              <Button size="sm" variant="secondary" onClick={() => { copy('otp'); }} aria-label={`Copy one-time code of ${title}`}>
                Copy one-time code
              </Button>
            ) : null}
          </>
        ) : null}
        {webVault === null ? null : (
          // A link, so a new tab opens as for any link (keyboard: Enter); the app asks for its own unlock.
          <a className={buttonClassName({ variant: 'secondary', size: 'sm' })} href={webVaultItemUrl(webVault, item.entry.id)} target="_blank" rel="noopener noreferrer" aria-label={`Open ${title} in the web vault`}>
            Open in web vault
          </a>
        )}
      </span>
    </li>
  );
}
