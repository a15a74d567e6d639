import { deviceCopyEnabled, setDeviceCopyEnabled } from '../data/repositories';
import type { KeyValueStorage } from '../data/keyValueStorage';
import type { DeviceCopyService, LogoutNote } from '../features/deviceCopy';

// The device copy's service as the app builds it: the choice in this browser's localStorage (the
// data layer reads it once per page load), the note a logout leaves in this tab's sessionStorage.

const LOGOUT_NOTE_KEY = 'keyloft.afterLogout';

export interface DeviceCopyDeps {
  /** Where the browser's choice lives (localStorage). */
  readonly choice: KeyValueStorage;
  /** Where this tab's logout note lives (sessionStorage). */
  readonly tab: KeyValueStorage;
  /** Deletes the copy (the repositories' clearDeviceCopy, loaded on first use). */
  readonly clear: () => Promise<void>;
  readonly reload: () => void;
}

/** Anything but a note this module wrote reads as none (any same-origin script can write storage). */
function asNote(raw: string | null): LogoutNote | null {
  return raw === 'offer' || raw === 'removed' ? raw : null;
}

export function createDeviceCopyService({ choice, tab, clear, reload }: DeviceCopyDeps): DeviceCopyService {
  return {
    enabled: () => deviceCopyEnabled(choice),
    setEnabled: (on) => {
      setDeviceCopyEnabled(choice, on);
    },
    clear,
    reloadPage: reload,
    afterLogout: {
      read: () => asNote(tab.getItem(LOGOUT_NOTE_KEY)),
      write: (note) => {
        if (note === null) tab.removeItem(LOGOUT_NOTE_KEY);
        else tab.setItem(LOGOUT_NOTE_KEY, note);
      },
    },
  };
}
