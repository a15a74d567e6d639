// Issue #22 item 4: the channel between tabs over Node's BroadcastChannel (the browser's, same
// contract), and the silent fallback where there is none.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openTabChannel, SILENT_TAB_CHANNEL, TAB_CHANNEL_NAME, type TabChannel } from '../../../src/session/tabChannel';

const opened: TabChannel[] = [];
function open(...args: Parameters<typeof openTabChannel>): TabChannel {
  const channel = openTabChannel(...args);
  opened.push(channel);
  return channel;
}

afterEach(() => {
  for (const channel of opened.splice(0)) channel.close();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('openTabChannel', () => {
  it('carries the kind and uid to the other tabs of the origin, never back to the sender', async () => {
    const a = open({ BroadcastChannel }, 'keyloft.test.1');
    const b = open({ BroadcastChannel }, 'keyloft.test.1');
    const heardByA = vi.fn();
    const heardByB = vi.fn();
    a.listen(heardByA);
    b.listen(heardByB);
    a.post({ kind: 'locked', uid: 'ana' });
    await settle();
    expect(heardByB).toHaveBeenCalledWith({ kind: 'locked', uid: 'ana' });
    expect(heardByA).not.toHaveBeenCalled();
  });

  it('posts nothing but the kind and the uid', async () => {
    const a = open({ BroadcastChannel }, 'keyloft.test.2');
    const b = open({ BroadcastChannel }, 'keyloft.test.2');
    const heard = vi.fn();
    b.listen(heard);
    a.post({ kind: 'signed-out', uid: 'ana', secret: 'never' } as never);
    await settle();
    expect(heard).toHaveBeenCalledWith({ kind: 'signed-out', uid: 'ana' });
  });

  it('stops hearing after unlisten, and posting after close does nothing', async () => {
    const a = open({ BroadcastChannel }, 'keyloft.test.3');
    const b = open({ BroadcastChannel }, 'keyloft.test.3');
    const heard = vi.fn();
    const unlisten = b.listen(heard);
    unlisten();
    a.post({ kind: 'locked', uid: 'ana' });
    a.close();
    expect(() => {
      a.post({ kind: 'locked', uid: 'ana' });
    }).not.toThrow();
    await settle();
    expect(heard).not.toHaveBeenCalled();
  });

  it('uses the session channel of the origin by default', () => {
    const constructed = vi.fn();
    class Recording extends BroadcastChannel {
      constructor(name: string) {
        super(name);
        constructed(name);
      }
    }
    open({ BroadcastChannel: Recording });
    expect(constructed).toHaveBeenCalledWith(TAB_CHANNEL_NAME);
  });

  it('is silent, without errors, where BroadcastChannel is missing or refused', () => {
    expect(openTabChannel({})).toBe(SILENT_TAB_CHANNEL);
    // As `new BroadcastChannel()` throws where the context refuses one.
    const Refusing = vi.fn(function refuse() {
      throw new DOMException('refused', 'SecurityError');
    });
    const channel = openTabChannel({ BroadcastChannel: Refusing as unknown as typeof BroadcastChannel });
    expect(Refusing).toHaveBeenCalledTimes(1);
    expect(channel).toBe(SILENT_TAB_CHANNEL);
    expect(() => {
      channel.post({ kind: 'locked', uid: 'ana' });
      channel.listen(() => undefined)();
      channel.close();
    }).not.toThrow();
  });
});
