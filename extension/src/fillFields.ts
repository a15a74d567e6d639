// Whether a field may be filled, and how it is filled (docs/extension.md, "Content script"). A
// page controls its own DOM, and the classic tricks against password managers are fields the user
// cannot see: hidden, transparent, zero-sized, off screen, or covered by another element (an
// overlay that makes a click on "Fill" land somewhere the page chose). So a field is filled only
// when it is visible, on screen and the topmost element at its centre, checked again at the very
// moment of filling (after the page has seen the focus); anything else is skipped.

/** What the checks read of the window (the real one in the content script; a stand-in in unit tests). */
export interface Viewport {
  readonly innerWidth: number;
  readonly innerHeight: number;
  getComputedStyle(element: Element): Pick<CSSStyleDeclaration, 'display' | 'visibility' | 'opacity'>;
}

/** What the checks ask of the document: its topmost element at a point. */
export type HitTest = Pick<Document, 'elementFromPoint'>;

/** Below this opacity (of the field or any ancestor, multiplied) a field counts as invisible. */
const MIN_OPACITY = 0.5;
/** A field smaller than this in either dimension cannot be one the user sees and types in. */
const MIN_SIZE_PX = 4;

/** The parent, or past a shadow root its host: the ancestors that style and cover a field. */
export function parentAcrossShadow(element: Element): Element | null {
  if (element.parentElement !== null) return element.parentElement;
  const parent = element.parentNode;
  return parent !== null && 'host' in parent ? (parent as ShadowRoot).host : null;
}

/** The topmost element at a point, looked for inside open shadow roots (a host hides its own tree). */
function deepElementAt(doc: HitTest, x: number, y: number): Element | null {
  let top = doc.elementFromPoint(x, y);
  for (let depth = 0; top?.shadowRoot != null && depth < 32; depth += 1) {
    const inner = top.shadowRoot.elementFromPoint(x, y);
    if (inner === null || inner === top) break;
    top = inner;
  }
  return top;
}

/** Whether the user can see `input` and nothing covers it: the only fields ever filled. */
export function isVisibleField(input: HTMLInputElement, view: Viewport, doc: HitTest): boolean {
  if (!input.isConnected || input.disabled || input.readOnly) return false;
  const rect = input.getBoundingClientRect();
  if (rect.width < MIN_SIZE_PX || rect.height < MIN_SIZE_PX) return false;
  // Wholly on screen: a field partly scrolled away is one the user is not looking at.
  if (rect.left < 0 || rect.top < 0 || rect.right > view.innerWidth || rect.bottom > view.innerHeight) return false;
  let opacity = 1;
  for (let element: Element | null = input; element !== null; element = parentAcrossShadow(element)) {
    const style = view.getComputedStyle(element);
    if (style.display === 'none') return false;
    opacity *= Number.parseFloat(style.opacity || '1');
  }
  const own = view.getComputedStyle(input);
  if (own.visibility !== 'visible' || opacity < MIN_OPACITY) return false;
  // Topmost at its centre: the field itself (or something inside it), not an overlay.
  const top = deepElementAt(doc, rect.left + rect.width / 2, rect.top + rect.height / 2);
  return top === input || (top !== null && input.contains(top));
}

/**
 * Fills `input` with `value` as typing would, if the user can still see it: checked before the
 * focus and again after it, since the page's own focus handler runs in between and may hide, move
 * or cover the field (the page that moves a field under the cursor after the user asked). Fires
 * `input` and `change` so that frameworks (React, Vue, Angular) see the value: the content script
 * runs in an isolated world, where assigning `value` calls the element's own setter, below any
 * wrapper a framework put on it, so the framework's next input event finds a changed value.
 */
export function fillField(input: HTMLInputElement, value: string, view: Viewport, doc: HitTest): boolean {
  if (!isVisibleField(input, view, doc)) return false;
  input.focus();
  if (!isVisibleField(input, view, doc)) return false;
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  input.dispatchEvent(new Event('change', { bubbles: true }));
  return true;
}
