export { buildSearchIndex, filterEntries } from './filterEntries';
export type { SearchIndex } from './filterEntries';
export { safeHttpUrl } from './safeUrl';
export { CLIPBOARD_CLEAR_MS, COPIED_INDICATOR_MS, copyToClipboard } from '../../../ui/clipboard';
export { LIST_MESSAGES } from './listMessages';
export { PasswordItem } from './PasswordItem';
export type { PasswordItemProps } from './PasswordItem';
export { DEFAULT_ESTIMATED_ROW_HEIGHT, DEFAULT_OVERSCAN, EMPTY_TEXTS, PasswordList } from './PasswordList';
export type { EntryPlace, PasswordListProps } from './PasswordList';
