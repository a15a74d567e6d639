import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { MfaMethod } from '../../features/mfa';

/** The notification callables (SPEC.md §7); component tests pass fakes. */
export interface MfaNotifications {
  readonly enrolled: (method: MfaMethod) => Promise<void>;
  readonly removed: (method: MfaMethod) => Promise<void>;
}

/**
 * SPEC.md §2: the MFA enrolment overlay appears over any route while its flag is set; completing
 * or skipping it clears the flag. `revision` counts completed enrolments, so lists of factors
 * shown elsewhere read themselves again.
 */
export interface MfaEnrolmentFlag {
  readonly open: boolean;
  readonly revision: number;
  readonly show: () => void;
  readonly hide: (completed: boolean) => void;
  readonly notifications: MfaNotifications;
}

const FlagContext = createContext<MfaEnrolmentFlag | null>(null);

export function MfaEnrolmentFlagProvider({ notifications, children }: { notifications: MfaNotifications; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [revision, setRevision] = useState(0);
  const flag = useMemo<MfaEnrolmentFlag>(
    () => ({
      open,
      revision,
      show: () => {
        setOpen(true);
      },
      hide: (completed) => {
        setOpen(false);
        if (completed) setRevision((n) => n + 1);
      },
      notifications,
    }),
    [open, revision, notifications],
  );
  return <FlagContext.Provider value={flag}>{children}</FlagContext.Provider>;
}

export function useMfaEnrolmentFlag(): MfaEnrolmentFlag {
  const flag = useContext(FlagContext);
  if (!flag) throw new Error('useMfaEnrolmentFlag needs an MfaEnrolmentFlagProvider above it');
  return flag;
}
