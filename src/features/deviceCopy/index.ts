// The device copy's screens (issue #22 item 3); the app composes them and hands in the service.
// LogoutNotice is loaded on its own by the signed-out screen (src/app/AppRoutes.tsx).
export { offerRemovalAfterSignOut, removeAfterDeletion } from './afterSignOut';
export { DeviceCopySection, type DeviceCopySectionProps } from './DeviceCopySection';
export { OfflineBanner, type OfflineBannerProps } from './OfflineBanner';
export { DEVICE_COPY_TEXTS, clearFailureText, offlineText } from './model';
export type { DeviceCopyControls, DeviceCopyService, LogoutNote, LogoutNotes, ServerReachability } from './model';
