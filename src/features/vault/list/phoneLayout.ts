/** Where the pane is alone on screen (list.css has the same width). */
export const PHONE_QUERY = '(max-width: 45rem)';

/**
 * Whether the list and the pane take turns on screen, so that opening an item by click must move
 * focus into the pane (the row it was on is hidden). Only that focus move asks: the layout itself
 * is CSS. jsdom and old browsers have no matchMedia and count as wide, list and pane side by side.
 */
export function phoneLayout(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;
}
