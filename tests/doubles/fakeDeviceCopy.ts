// The device copy's service for component tests: the app's own service (src/app/deviceCopyService.ts)
// over in-memory storage, with the deletion and the reload recorded instead of done.
import { createDeviceCopyService } from '../../src/app/deviceCopyService';
import type { Connection } from '../../src/data/firestore/liveServer';
import type { DeviceCopyService } from '../../src/features/deviceCopy/model';
import { MemoryStorage } from '../support/memoryStorage';

export interface FakeDeviceCopy extends DeviceCopyService {
  /** What was asked, in order: 'clear', 'setEnabled(on|off)', 'reload'. */
  readonly calls: string[];
  /** The browser's choice (localStorage in the app). */
  readonly choice: MemoryStorage;
  /** This tab's storage (sessionStorage in the app): keep it to stand for a reload of the same tab. */
  readonly tab: MemoryStorage;
}

export interface FakeDeviceCopyOptions {
  /** Default: true for a new browser (as the app's own default), else as `choice` has it. */
  readonly enabled?: boolean;
  /** Default: resolves. */
  readonly clear?: () => Promise<void>;
  /** Another instance's tab storage: the same tab after a reload. */
  readonly tab?: MemoryStorage;
  readonly choice?: MemoryStorage;
}

export function fakeDeviceCopy(options: FakeDeviceCopyOptions = {}): FakeDeviceCopy {
  const calls: string[] = [];
  const choice = options.choice ?? new MemoryStorage();
  const tab = options.tab ?? new MemoryStorage();
  const clear = options.clear ?? (() => Promise.resolve());
  const service = createDeviceCopyService({
    choice,
    tab,
    clear: async () => {
      calls.push('clear');
      await clear();
    },
    reload: () => {
      calls.push('reload');
    },
  });
  const enabled = options.enabled ?? (options.choice === undefined ? true : undefined);
  if (enabled !== undefined) service.setEnabled(enabled);
  return {
    ...service,
    setEnabled: (on) => {
      calls.push(`setEnabled(${on ? 'on' : 'off'})`);
      service.setEnabled(on);
    },
    calls,
    choice,
    tab,
  };
}

export interface FakeConnection extends Connection {
  setReachable(reachable: boolean): void;
}

/** A connection whose server answers until told otherwise. */
export function fakeConnection(): FakeConnection {
  let reachable = true;
  const listeners = new Set<() => void>();
  return {
    reachable: () => reachable,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    setReachable: (next) => {
      reachable = next;
      for (const listener of [...listeners]) listener();
    },
  };
}
