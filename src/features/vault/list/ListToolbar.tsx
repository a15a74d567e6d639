import type { ChangeEvent, KeyboardEvent, ReactNode, RefObject } from 'react';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { SHORTCUTS_TITLE, ShortcutsDialog } from './ShortcutsDialog';
import { KeyboardIcon } from '../../../ui/icons';

export interface ListToolbarProps {
  readonly query: string;
  readonly searchRef: RefObject<HTMLInputElement | null>;
  readonly onSearch: (event: ChangeEvent<HTMLInputElement>) => void;
  readonly onSearchKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  readonly onSearchFocus: () => void;
  /** The list's id while it has rows. */
  readonly controls: string | undefined;
  readonly helpOpen: boolean;
  readonly onHelpOpenChange: (open: boolean) => void;
  /** The vault's Add Password, in the same bar as the search (issue #43). */
  readonly action?: ReactNode;
}

/**
 * 'Search passwords', the vault's action (Add Password) beside it, and the 'Keyboard shortcuts'
 * button with its dialog: a desktop's help, not shown on a phone (list.css).
 */
export function ListToolbar({
  query,
  searchRef,
  onSearch,
  onSearchKeyDown,
  onSearchFocus,
  controls,
  helpOpen,
  onHelpOpenChange,
  action,
}: ListToolbarProps) {
  return (
    <div className="pw-list__toolbar">
      <TextField
        label="Search passwords"
        className="pw-list__search"
        inputRef={searchRef}
        type="search"
        value={query}
        onChange={onSearch}
        onKeyDown={onSearchKeyDown}
        onFocus={onSearchFocus}
        autoComplete="off"
        spellCheck={false}
        aria-controls={controls}
        // The page's '/' focuses the first list's search box (useListKeyboard).
        data-list-search=""
      />
      {action}
      <Button
        variant="ghost"
        size="sm"
        icon={<KeyboardIcon />}
        className="pw-list__help"
        onClick={() => {
          onHelpOpenChange(true);
        }}
      >
        {SHORTCUTS_TITLE}
      </Button>
      <ShortcutsDialog
        open={helpOpen}
        onClose={() => {
          onHelpOpenChange(false);
        }}
      />
    </div>
  );
}
