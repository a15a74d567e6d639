import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/**
 * The sidebar as a drawer on a phone (issue #21): opened by its toggle, closed by Escape, by a
 * choice in it, or by the backdrop; focus goes into it when it opens and back to the toggle.
 */
export function useDrawer(drawerId: string, toggleRef: RefObject<HTMLButtonElement | null>) {
  const [open, setOpen] = useState(false);
  const wasOpen = useRef(false);

  const close = useCallback(() => {
    setOpen(false);
  }, []);

  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      document.getElementById(drawerId)?.querySelector<HTMLElement>('button, [href], input')?.focus();
      const onKey = (event: KeyboardEvent) => {
        // Escape in a dialog opened from the drawer (Manage Members) closes the dialog only.
        if (event.key === 'Escape' && document.querySelector('.dialog-overlay') === null) setOpen(false);
      };
      document.addEventListener('keydown', onKey);
      return () => {
        document.removeEventListener('keydown', onKey);
      };
    }
    if (wasOpen.current) {
      wasOpen.current = false;
      toggleRef.current?.focus();
    }
    return undefined;
  }, [open, drawerId, toggleRef]);

  const toggle = useCallback(() => {
    setOpen((shown) => !shown);
  }, []);
  return { open, toggle, close };
}
