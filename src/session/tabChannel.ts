import type { TabSignal } from './tabSignals';

// The line between the tabs of one browser: a BroadcastChannel of the origin, behind the few calls
// linkTabs needs so that tests can hand in an in-memory pair. A BroadcastChannel never delivers a
// message to the object that posted it, so a tab does not hear itself.

export const TAB_CHANNEL_NAME = 'keyloft.session';

export interface TabChannel {
  readonly post: (signal: TabSignal) => void;
  /** Calls `receive` with every message another tab posts (unchecked: see parseTabSignal). */
  readonly listen: (receive: (message: unknown) => void) => () => void;
  readonly close: () => void;
}

/** A channel that carries nothing: where BroadcastChannel is missing, each tab keeps to itself. */
export const SILENT_TAB_CHANNEL: TabChannel = Object.freeze({
  post: () => undefined,
  listen: () => () => undefined,
  close: () => undefined,
});

/** Where BroadcastChannel comes from: the window in the app; a stand-in, or none, in tests. */
export interface ChannelSource {
  readonly BroadcastChannel?: new (name: string) => BroadcastChannel;
}

/** Opens the origin's session channel, or the silent one where the browser has none. */
export function openTabChannel(source: ChannelSource = globalThis, name = TAB_CHANNEL_NAME): TabChannel {
  const Channel = source.BroadcastChannel;
  if (Channel === undefined) return SILENT_TAB_CHANNEL;
  let channel: BroadcastChannel;
  try {
    channel = new Channel(name);
  } catch {
    // Some contexts (an opaque origin, a sandboxed frame) refuse a channel: the tab keeps to itself.
    return SILENT_TAB_CHANNEL;
  }
  let closed = false;
  return {
    post: (signal) => {
      if (!closed) channel.postMessage({ kind: signal.kind, uid: signal.uid });
    },
    listen: (receive) => {
      const onMessage = (event: MessageEvent) => {
        receive(event.data);
      };
      channel.addEventListener('message', onMessage);
      return () => {
        channel.removeEventListener('message', onMessage);
      };
    },
    close: () => {
      closed = true;
      channel.close();
    },
  };
}
