// The mark lives in ui/ so the app's header can share it without importing the public pages.
export { Logo } from '../../ui/Logo';
