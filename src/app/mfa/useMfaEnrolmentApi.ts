import { useMemo } from 'react';
import { createMfaEnrolmentApi, type MfaEnrolmentApi } from '../../features/mfa';
import { useMfaEnrolmentFlag } from './MfaEnrolmentFlag';
import { useLoadedGateway } from './useLoadedGateway';

/**
 * The enrolment API over the auth gateway, or null until the gateway has loaded. Only screens of a
 * signed-in user call it, so public pages never load the auth SDK for it.
 */
export function useMfaEnrolmentApi(): MfaEnrolmentApi | null {
  const gateway = useLoadedGateway();
  const { notifications } = useMfaEnrolmentFlag();
  return useMemo(
    () => (gateway === null ? null : createMfaEnrolmentApi({ gateway, notifyEnrolled: notifications.enrolled, notifyRemoved: notifications.removed })),
    [gateway, notifications],
  );
}
