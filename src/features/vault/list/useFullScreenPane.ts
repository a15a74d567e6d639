import { useEffect, type RefObject } from 'react';
import { phoneLayout } from './phoneLayout';

/**
 * On a phone the opened item is a full screen over the page (list.css), and like a dialog it
 * keeps the rest out of reach: everything outside the pane is inert until Back. Live regions stay
 * as they are, so what the list says is still heard. Elements already inert are left to whoever
 * made them so (a dialog opened over the pane makes the pane inert in turn).
 */
export function useFullScreenPane(rootRef: RefObject<HTMLElement | null>, open: boolean): void {
  useEffect(() => {
    const pane = rootRef.current?.querySelector('.pw-pane');
    if (!open || !phoneLayout() || !(pane instanceof HTMLElement)) return undefined;
    const inerted: Element[] = [];
    for (let node: HTMLElement | null = pane; node !== null && node !== document.body; node = node.parentElement) {
      for (const sibling of node.parentElement?.children ?? []) {
        if (sibling === node || sibling.hasAttribute('inert') || isLiveRegion(sibling)) continue;
        sibling.setAttribute('inert', '');
        inerted.push(sibling);
      }
    }
    return () => {
      for (const element of inerted) element.removeAttribute('inert');
    };
  }, [rootRef, open]);
}

function isLiveRegion(element: Element): boolean {
  return element.matches('[role="status"], [role="alert"], [aria-live]');
}
