import type { TabChannel } from '../../src/session/tabChannel';

/**
 * BroadcastChannel's behaviour between the tabs of one browser, in memory. `open()` is `new
 * BroadcastChannel(name)`: a message goes to every other open channel, never back to the one that
 * posted it, cloned, and only when `deliver()` runs, since a real channel delivers in a later task
 * and never inside postMessage. (tests/unit/session/tabChannel.test.ts holds the real
 * BroadcastChannel to the same rules.)
 */
export interface MemoryTabChannels {
  /** A new channel, as one tab opens it; channels are numbered from 0 in the order opened. */
  readonly open: () => TabChannel;
  /** Every message posted, with the number of the channel that posted it. */
  readonly posted: { readonly from: number; readonly message: unknown }[];
  /** Delivers what is queued, and what that causes to be posted, until nothing is left. */
  readonly deliver: () => void;
}

/** Most deliveries one `deliver()` makes before calling it a loop. */
const LOOP_LIMIT = 100;

export function memoryTabChannels(): MemoryTabChannels {
  const receivers: Set<(message: unknown) => void>[] = [];
  const closed = new Set<number>();
  const queue: { to: number; message: unknown }[] = [];
  const posted: { from: number; message: unknown }[] = [];

  const open = (): TabChannel => {
    const index = receivers.length;
    const own = new Set<(message: unknown) => void>();
    receivers.push(own);
    return {
      post: (signal) => {
        // A closed BroadcastChannel throws on postMessage: a link must never post after stop.
        if (closed.has(index)) throw new Error(`channel ${index} is closed`);
        posted.push({ from: index, message: signal });
        receivers.forEach((_, to) => {
          if (to !== index) queue.push({ to, message: structuredClone(signal) });
        });
      },
      listen: (receive) => {
        own.add(receive);
        return () => {
          own.delete(receive);
        };
      },
      close: () => {
        closed.add(index);
        own.clear();
      },
    };
  };

  return {
    open,
    posted,
    deliver: () => {
      for (let delivered = 0; queue.length > 0; delivered++) {
        if (delivered === LOOP_LIMIT) throw new Error('the tabs keep messaging each other: a loop');
        const next = queue.shift();
        if (next === undefined || closed.has(next.to)) continue;
        for (const receive of receivers[next.to] ?? []) receive(next.message);
      }
    },
  };
}
