import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { MoreHorizontalIcon } from './icons';
import './actionMenu.css';

// A menu button (WAI-ARIA APG "Menu Button"): the button says it has a menu and whether it is open;
// Enter, Space or ArrowDown open it on the first item, ArrowUp on the last; the arrows, Home and End
// move between items; Escape closes it and returns focus to the button; Tab or a click elsewhere
// closes it. Choosing an item first hands focus back to the button, so a dialog the item opens
// returns focus there when it closes (the item itself is gone by then).

export interface ActionMenuItem {
  readonly key: string;
  /** The visible text. */
  readonly label: string;
  /** The accessible name when the text alone is ambiguous among several menus ('Edit team Ops'). */
  readonly ariaLabel?: string;
  readonly danger?: boolean;
  readonly onSelect: () => void;
}

export interface ActionMenuProps {
  /** The button's accessible name, e.g. 'Actions for team Ops'. */
  readonly label: string;
  readonly items: readonly ActionMenuItem[];
  /** The button's content; an ellipsis icon by default. */
  readonly children?: ReactNode;
  readonly className?: string;
}

export function ActionMenu({ label, items, children, className }: ActionMenuProps) {
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  // The item to focus once the menu is shown (null: closed).
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const open = focusIndex !== null;

  useEffect(() => {
    if (focusIndex !== null) itemRefs.current[focusIndex]?.focus();
  }, [focusIndex]);

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: PointerEvent) => {
      if (!(event.target instanceof Node) || !rootRef.current?.contains(event.target)) setFocusIndex(null);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  if (items.length === 0) return null;
  const last = items.length - 1;

  const close = () => {
    setFocusIndex(null);
    buttonRef.current?.focus();
  };

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setFocusIndex(event.key === 'ArrowDown' ? 0 : last);
    }
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = focusIndex ?? 0;
    const moves: Record<string, number> = {
      ArrowDown: current === last ? 0 : current + 1,
      ArrowUp: current === 0 ? last : current - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      setFocusIndex(next);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === 'Tab') {
      setFocusIndex(null);
    }
  };

  return (
    <div ref={rootRef} className={className === undefined ? 'action-menu' : `action-menu ${className}`}>
      <button
        ref={buttonRef}
        type="button"
        className="btn btn--ghost btn--sm btn--icon action-menu__button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => {
          setFocusIndex(open ? null : 0);
        }}
        onKeyDown={onButtonKey}
      >
        {children ?? <MoreHorizontalIcon />}
      </button>
      {open && (
        <div id={menuId} role="menu" aria-label={label} className="action-menu__list" onKeyDown={onMenuKey}>
          {items.map((item, index) => (
            <button
              key={item.key}
              ref={(element) => {
                itemRefs.current[index] = element;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              aria-label={item.ariaLabel}
              className={item.danger === true ? 'row-button action-menu__item action-menu__item--danger' : 'row-button action-menu__item'}
              onClick={() => {
                close();
                item.onSelect();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
