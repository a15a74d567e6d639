// The device copy's screens (issue #22 item 3); the app composes them and hands in the service.
export { DeviceCopySection, type DeviceCopySectionProps } from './DeviceCopySection';
export { DEVICE_COPY_TEXTS, clearFailureText, offlineText } from './model';
export type { DeviceCopyControls, DeviceCopyService, LogoutNote, LogoutNotes, ServerReachability } from './model';
