import { useEffect, useRef } from 'react';

/**
 * Focus for an element that replaces the one the user just pressed (a dialog's next step): without
 * it focus falls to the page's body and a screen reader hears nothing of the new step.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
