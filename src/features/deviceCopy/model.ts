// The device copy on screen (issue #22 item 3): the words the screens show and what they call.
// Pure: no React, no storage; the app hands in the service (src/app/deviceCopyService.ts).

export const DEVICE_COPY_TEXTS = {
  heading: 'This device',
  checkbox: 'Keep a copy of my vault on this device',
  explain:
    'The copy is sealed: it opens only with your master password. It lets your vault open when the network is down. Turn it off on a shared computer. Changing this reloads Keyloft, and you unlock your vault again.',
  clearing: 'Removing the copy from this device…',
  reloading: 'Reloading Keyloft…',
  otherTabs: "Close Keyloft's other tabs, then try again.",
  clearFailed: 'Could not remove the copy from this device.',
  logoutOffer: 'A sealed copy of your vault stays on this device for offline use.',
  remove: 'Remove it from this device',
  keep: 'Keep it',
  removed: 'The copy was removed from this device.',
  dismiss: 'Dismiss',
  offlineWithCopy:
    "You are offline. You are seeing the copy of your vault kept on this device; changes can't be saved until you are back online.",
  offline: "You are offline. Changes can't be saved until you are back online.",
} as const;

/** The device copy as the settings change it: a choice of this browser that takes effect on the next page load. */
export interface DeviceCopyControls {
  /** Whether this browser keeps a copy (the default does). */
  enabled(): boolean;
  setEnabled(on: boolean): void;
  /**
   * Deletes the copy from this device; this page reads nothing more until it loads again. Rejects
   * with code 'failed-precondition' while another tab of the app has the copy open.
   */
  clear(): Promise<void>;
  /** Loads the page again: the data layer reads the choice once per page load. */
  reloadPage(): void;
}

/** What this tab's last logout left to say on the signed-out screen. */
export type LogoutNote = 'offer' | 'removed';

/** The note a logout leaves for the signed-out screen, kept for this tab only (sessionStorage in the app). */
export interface LogoutNotes {
  read(): LogoutNote | null;
  write(note: LogoutNote | null): void;
}

export interface DeviceCopyService extends DeviceCopyControls {
  readonly afterLogout: LogoutNotes;
}

/** Whether the server answers the live reads (the data layer's Connection has this shape). */
export interface ServerReachability {
  reachable(): boolean;
  /** Calls `listener` whenever `reachable()` changes; returns its removal. */
  subscribe(listener: () => void): () => void;
}

/** The words for a failed `clear()`: another tab holding the copy is the one failure the user can fix. */
export function clearFailureText(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'failed-precondition' ? DEVICE_COPY_TEXTS.otherTabs : DEVICE_COPY_TEXTS.clearFailed;
}

/** The offline banner's words: with the copy, the vault on screen is the device's. */
export function offlineText(deviceCopy: boolean): string {
  return deviceCopy ? DEVICE_COPY_TEXTS.offlineWithCopy : DEVICE_COPY_TEXTS.offline;
}
