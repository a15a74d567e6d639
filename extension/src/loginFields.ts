import { isVisibleField, type HitTest, type Viewport } from './fillFields';

// Which fields of a page are the login's (docs/extension.md, "Content script"): among the visible
// fields of the document and its open shadow roots, by `autocomplete`, type, name, id, label,
// placeholder and aria-label, in several languages. A registration form (new passwords only) gets
// nothing; a password-change form gets its current password only, never a new-password field.

const TEXT_TYPES: ReadonlySet<string> = new Set(['text', 'email', 'tel', '']);
const CODE_TYPES: ReadonlySet<string> = new Set(['text', 'tel', 'number', '']);

const USERNAME_WORDS = /user|e-?mail|login|account|identifiant|courriel|benutzer|anmelde|usuario|correo|utente|gebruiker|ユーザー|メール|用户|邮箱|логин|почт/i;
const NEW_PASSWORD_WORDS =
  /new|confirm|repeat|re-?type|again|neu|wiederhol|bestätig|nouveau|nouvelle|confirme|nuev|repet|confirma|nuov|conferma|ripeti|nieuw|herhaal|bevestig|新しい|确认|новый|повтор/i;
const CURRENT_PASSWORD_WORDS = /current|old|existing|aktuell|bisherig|actuel|ancien|actual|anterior|attuale|vecchi|huidig|oud|現在|当前|текущ/i;
const OTP_WORDS =
  /one[-_\s]?time|\b(otp|totp|2fa|mfa)\b|two[-_\s]?factor|verification|verify|authenticat|security[-_\s]?code|einmal|sicherheitscode|bestätigungscode|code de (vérification|sécurité)|código|codice|verificatiecode|確認コード|验证码|код подтверждения|одноразов/i;

/** Every input of `root` in document order, with those of open shadow roots at their host's place. */
export function inputsOf(root: Document | ShadowRoot): HTMLInputElement[] {
  const found: HTMLInputElement[] = [];
  for (const element of root.querySelectorAll('*')) {
    if (element.tagName === 'INPUT') found.push(element as HTMLInputElement);
    if (element.shadowRoot !== null) found.push(...inputsOf(element.shadowRoot));
  }
  return found;
}

/** Whether the field's name, id, placeholder, aria-label or a label of it says `pattern`. */
export function describes(input: HTMLInputElement, pattern: RegExp): boolean {
  // The labels by hand, in the field's own tree (a shadow root's labels are its own).
  const root = input.getRootNode();
  const scope = 'querySelectorAll' in root ? (root as ParentNode) : null;
  const named = input.id === '' || scope === null ? [] : [...scope.querySelectorAll('label')].filter((label) => label.htmlFor === input.id);
  const labels = [...named, input.closest('label')].map((label) => label?.textContent ?? '');
  return [input.name, input.id, input.placeholder, input.getAttribute('aria-label') ?? '', ...labels].some((text) => pattern.test(text));
}

function isOneTimeCode(input: HTMLInputElement): boolean {
  if (input.autocomplete === 'one-time-code') return true;
  return CODE_TYPES.has(input.type) && input.autocomplete !== 'username' && input.autocomplete !== 'email' && describes(input, OTP_WORDS);
}

function isNewPassword(input: HTMLInputElement): boolean {
  if (input.autocomplete === 'new-password') return true;
  return input.autocomplete !== 'current-password' && describes(input, NEW_PASSWORD_WORDS) && !describes(input, CURRENT_PASSWORD_WORDS);
}

function isMarkedCurrent(input: HTMLInputElement): boolean {
  return input.autocomplete === 'current-password' || describes(input, CURRENT_PASSWORD_WORDS);
}

export interface LoginFields {
  readonly username: HTMLInputElement | null;
  readonly password: HTMLInputElement | null;
  /** The one-time-code field, filled only when the item has a code. */
  readonly otp: HTMLInputElement | null;
}

const NOTHING: LoginFields = { username: null, password: null, otp: null };

/**
 * The login fields among the visible ones: the current password (the first password field not a
 * new one; where the page also has a new-password field, only one marked as the current), the
 * username before it (by `autocomplete`, else the last text-like field before the password, else
 * on a page without a password one whose type or words say so), and a one-time-code field. A
 * registration form (a new password and no current one) gets nothing.
 */
export function findLoginFields(doc: Document, view: Viewport, hitTest: HitTest = doc): LoginFields {
  const inputs = inputsOf(doc).filter((input) => isVisibleField(input, view, hitTest));
  const otp = inputs.find(isOneTimeCode) ?? null;
  const passwords = inputs.filter((input) => input.type === 'password');
  const changesPassword = passwords.some(isNewPassword);
  const password = (changesPassword ? passwords.find(isMarkedCurrent) : passwords.find((input) => !isNewPassword(input))) ?? null;
  if (changesPassword && password === null) return { ...NOTHING, otp };
  const before = password === null ? inputs : inputs.slice(0, inputs.indexOf(password));
  const textLike = before.filter((input) => TEXT_TYPES.has(input.type) && input !== otp);
  const username =
    textLike.find((input) => input.autocomplete === 'username' || input.autocomplete === 'email') ??
    (password === null ? textLike.find((input) => input.type === 'email' || describes(input, USERNAME_WORDS)) : textLike.at(-1)) ??
    null;
  return { username, password, otp };
}
