export { buildSearchIndex, filterEntries } from './filterEntries';
export type { SearchIndex } from './filterEntries';
export { safeHttpUrl } from './safeUrl';
export { CLIPBOARD_CLEAR_MS, COPIED_INDICATOR_MS, copyToClipboard } from './clipboard';
export { LIST_MESSAGES, PasswordItem } from './PasswordItem';
export type { PasswordItemProps } from './PasswordItem';
export {
  DEFAULT_OVERSCAN,
  DEFAULT_ROW_HEIGHT,
  DEFAULT_VIEWPORT_HEIGHT,
  EMPTY_TEXTS,
  PasswordList,
  visibleRange,
} from './PasswordList';
export type { PasswordListProps } from './PasswordList';
