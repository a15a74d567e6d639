// Which fields of a page the content script fills, and how (docs/extension.md, "Filling"). A
// page controls its own DOM, and the classic tricks against password managers are fields the user
// cannot see: hidden, transparent, zero-sized, off screen, or covered by another element (an
// overlay that makes a click on "Fill" land somewhere the page chose). So a field is filled only
// when it is visible, on screen and the topmost element at its centre; anything else is skipped.

/** What the checks read of the window (the real one in the content script; a stand-in in unit tests). */
export interface Viewport {
  readonly innerWidth: number;
  readonly innerHeight: number;
  getComputedStyle(element: Element): Pick<CSSStyleDeclaration, 'display' | 'visibility' | 'opacity'>;
}

const TEXT_TYPES: ReadonlySet<string> = new Set(['text', 'email', 'tel', '']);
/** Below this opacity (of the field or any ancestor, multiplied) a field counts as invisible. */
const MIN_OPACITY = 0.5;
/** A field smaller than this in either dimension cannot be one the user sees and types in. */
const MIN_SIZE_PX = 4;

/** Whether the user can see `input` and nothing covers it: the only fields ever filled. */
export function isVisibleField(input: HTMLInputElement, view: Viewport, doc: Pick<Document, 'elementFromPoint'>): boolean {
  if (input.disabled || input.readOnly) return false;
  const rect = input.getBoundingClientRect();
  if (rect.width < MIN_SIZE_PX || rect.height < MIN_SIZE_PX) return false;
  // Wholly on screen: a field partly scrolled away is one the user is not looking at.
  if (rect.left < 0 || rect.top < 0 || rect.right > view.innerWidth || rect.bottom > view.innerHeight) return false;
  let opacity = 1;
  for (let element: Element | null = input; element !== null; element = element.parentElement) {
    const style = view.getComputedStyle(element);
    if (style.display === 'none') return false;
    opacity *= Number.parseFloat(style.opacity || '1');
  }
  const own = view.getComputedStyle(input);
  if (own.visibility !== 'visible' || opacity < MIN_OPACITY) return false;
  // Topmost at its centre: the field itself (or something inside it), not an overlay.
  const top = doc.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
  return top === input || (top !== null && input.contains(top));
}

function describes(input: HTMLInputElement, pattern: RegExp): boolean {
  // The labels by hand: `input.labels` is typed nullable in one DOM lib and not in another.
  const named = input.id === '' ? [] : [...input.ownerDocument.querySelectorAll('label')].filter((label) => label.htmlFor === input.id);
  const labels = [...named, input.closest('label')].map((label) => label?.textContent ?? '');
  return [input.name, input.id, input.placeholder, input.getAttribute('aria-label') ?? '', ...labels].some((text) => pattern.test(text));
}

const USERNAME_WORDS = /user|e-?mail|login|account|identifiant|benutzer|usuario|correo|utente|gebruiker/i;

export interface LoginFields {
  readonly username: HTMLInputElement | null;
  readonly password: HTMLInputElement | null;
}

/**
 * The login fields among the visible ones: the first password field not marked as a new password,
 * and the username field before it (by `autocomplete`, else the last text-like field before the
 * password, else one whose name, id, label or placeholder says so). A username-only page gets its
 * username field.
 */
export function findLoginFields(doc: Document, view: Viewport): LoginFields {
  const inputs = [...doc.querySelectorAll('input')].filter((input) => isVisibleField(input, view, doc));
  const password = inputs.find((input) => input.type === 'password' && input.autocomplete !== 'new-password') ?? null;
  const before = password === null ? inputs : inputs.slice(0, inputs.indexOf(password));
  const textLike = before.filter((input) => TEXT_TYPES.has(input.type));
  const username =
    textLike.find((input) => input.autocomplete === 'username' || input.autocomplete === 'email') ??
    (password === null ? textLike.find((input) => input.type === 'email' || describes(input, USERNAME_WORDS)) : textLike.at(-1)) ??
    null;
  return { username, password };
}

/**
 * Sets the value as typing would, and fires `input` and `change` so that frameworks (React, Vue,
 * Angular) see it. The content script runs in an isolated world: assigning `value` there calls the
 * element's own setter, below any wrapper a framework put on it, so the framework's next input
 * event finds a changed value, as after typing.
 */
export function fillField(input: HTMLInputElement, value: string): void {
  input.focus();
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  input.dispatchEvent(new Event('change', { bubbles: true }));
}
