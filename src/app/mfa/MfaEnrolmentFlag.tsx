import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { MfaMethod } from '../../features/mfa';

/** The notification callables (SPEC.md §7); component tests pass fakes. */
export interface MfaNotifications {
  readonly enrolled: (method: MfaMethod) => Promise<void>;
  readonly removed: (method: MfaMethod) => Promise<void>;
}

/**
 * SPEC.md §2: the MFA enrolment overlay appears over any route while its flag is set; completing
 * or skipping it clears the flag. The overlay sits above the signed-in screens' cache of server
 * state (it is on every route), so a completed enrolment is announced to `onEnrolled` listeners,
 * and the signed-in screens mark the factors they hold stale.
 */
export interface MfaEnrolmentFlag {
  readonly open: boolean;
  /** Calls `listener` after each completed enrolment; returns the unsubscribe. */
  readonly onEnrolled: (listener: () => void) => () => void;
  readonly show: () => void;
  readonly hide: (completed: boolean) => void;
  readonly notifications: MfaNotifications;
}

const FlagContext = createContext<MfaEnrolmentFlag | null>(null);

export function MfaEnrolmentFlagProvider({ notifications, children }: { notifications: MfaNotifications; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [listeners] = useState(() => new Set<() => void>());
  const flag = useMemo<MfaEnrolmentFlag>(
    () => ({
      open,
      onEnrolled: (listener) => {
        listeners.add(listener);
        return () => {
          listeners.delete(listener);
        };
      },
      show: () => {
        setOpen(true);
      },
      hide: (completed) => {
        setOpen(false);
        if (completed) for (const listener of listeners) listener();
      },
      notifications,
    }),
    [open, listeners, notifications],
  );
  return <FlagContext.Provider value={flag}>{children}</FlagContext.Provider>;
}

export function useMfaEnrolmentFlag(): MfaEnrolmentFlag {
  const flag = useContext(FlagContext);
  if (!flag) throw new Error('useMfaEnrolmentFlag needs an MfaEnrolmentFlagProvider above it');
  return flag;
}
