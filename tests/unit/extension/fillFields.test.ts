// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fillField, isVisibleField } from '../../../extension/src/fillFields';
import { findLoginFields } from '../../../extension/src/loginFields';
import { form, place, stack, viewport } from './layout';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('a field is filled only when the user can see it', () => {
  it('fills a plain visible field', () => {
    const [input] = form('<input name="user">');
    expect(isVisibleField(input!, viewport(), stack([input!]))).toBe(true);
  });

  it('skips zero-sized, off-screen and partly scrolled-away fields', () => {
    const [input] = form('<input name="user">');
    for (const box of [
      { left: 10, top: 10, width: 0, height: 30 },
      { left: 10, top: 10, width: 200, height: 2 },
      { left: -500, top: 10, width: 200, height: 30 },
      { left: 10, top: 590, width: 200, height: 30 },
      { left: 10, top: 5000, width: 200, height: 30 },
    ]) {
      place(input!, box);
      expect(isVisibleField(input!, viewport(), stack([input!])), JSON.stringify(box)).toBe(false);
    }
  });

  it('skips hidden, transparent and display:none fields, and those in a transparent container', () => {
    const [input] = form('<div id="box"><input name="user"></div>');
    const box = document.getElementById('box')!;
    const cases: [Element, Partial<CSSStyleDeclaration>][] = [
      [input!, { visibility: 'hidden' }],
      [input!, { opacity: '0' }],
      [input!, { opacity: '0.1' }],
      [box, { opacity: '0.2' }],
      [box, { display: 'none' }],
    ];
    for (const [element, style] of cases) {
      expect(isVisibleField(input!, viewport(new Map([[element, style]])), stack([input!])), JSON.stringify(style)).toBe(false);
    }
  });

  it('skips a field an overlay covers at its centre', () => {
    const [input] = form('<input name="user"><div id="overlay"></div>');
    const overlay = document.getElementById('overlay')!;
    expect(isVisibleField(input!, viewport(), stack([input!], { element: overlay, box: { left: 0, top: 0, width: 800, height: 600 } }))).toBe(false);
  });

  it('skips disabled and read-only fields', () => {
    const [disabled, readOnly] = form('<input disabled><input readonly>');
    expect(isVisibleField(disabled!, viewport(), stack([disabled!]))).toBe(false);
    expect(isVisibleField(readOnly!, viewport(), stack([readOnly!]))).toBe(false);
  });
});

describe('the login fields of a page', () => {
  it('finds the username before the password', () => {
    const [search, user, password] = form('<input type="search" name="q"><input type="email" name="email"><input type="password" name="pw">');
    const found = findLoginFields(document, viewport());
    expect(found).toEqual({ username: user, password, otp: null });
    expect(found.username).not.toBe(search);
  });

  it('prefers autocomplete="username", and leaves a new-password field alone', () => {
    const [user, , password] = form('<input autocomplete="username" name="a"><input name="b"><input type="password" autocomplete="current-password"><input type="password" autocomplete="new-password">');
    expect(findLoginFields(document, viewport())).toEqual({ username: user, password, otp: null });
  });

  it('finds a username-only page by its label, in other languages too', () => {
    const [, user] = form('<input name="q"><label for="u">Identifiant</label><input id="u">');
    expect(findLoginFields(document, viewport())).toEqual({ username: user, password: null, otp: null });
  });

  it('never picks a hidden password field over a visible one', () => {
    const [hidden, user, password] = form('<input type="password" name="trap"><input name="user"><input type="password" name="pw">');
    place(hidden!, { left: 10, top: 10, width: 0, height: 0 });
    expect(findLoginFields(document, viewport())).toEqual({ username: user, password, otp: null });
  });
});

describe('filling a field', () => {
  it('sets the value and fires input and change, bubbling, so frameworks see it', () => {
    const [input] = form('<input name="user">');
    const seen: string[] = [];
    document.body.addEventListener('input', (event) => seen.push(`${event.type}:${(event.target as HTMLInputElement).value}`));
    document.body.addEventListener('change', (event) => seen.push(`${event.type}:${(event.target as HTMLInputElement).value}`));
    expect(fillField(input!, 'ana@example.test', viewport(), document)).toBe(true);
    expect(input!.value).toBe('ana@example.test');
    expect(seen).toEqual(['input:ana@example.test', 'change:ana@example.test']);
  });
});

describe('checked again at the moment of filling', () => {
  it('fills nothing into a field the page hides when it gets the focus', () => {
    const [input] = form('<input name="user">');
    const styles = new Map<Element, Partial<CSSStyleDeclaration>>();
    input!.addEventListener('focus', () => styles.set(input!, { opacity: '0' }));
    expect(fillField(input!, 'ana', viewport(styles), document)).toBe(false);
    expect(input!.value).toBe('');
  });

  it('fills nothing into a field the page covers when it gets the focus, nor into one removed', () => {
    const [input, other] = form('<input name="user"><input name="other">');
    const overlay = document.createElement('div');
    input!.addEventListener('focus', () => { document.elementFromPoint = stack([input!], { element: overlay, box: { left: 0, top: 0, width: 800, height: 600 } }).elementFromPoint; });
    expect(fillField(input!, 'ana', viewport(), document)).toBe(false);
    expect(input!.value).toBe('');
    other!.remove();
    expect(fillField(other!, 'ana', viewport(), document)).toBe(false);
  });

  it('finds the field inside an open shadow root topmost through its host', () => {
    document.body.innerHTML = '<div id="host"></div>';
    const host = document.getElementById('host')!;
    const shadow = host.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<input name="user">';
    const input = shadow.querySelector('input')!;
    place(input, { left: 10, top: 10, width: 200, height: 30 });
    // The document's hit test stops at the host; the shadow root's own finds the field.
    const hitTest = { elementFromPoint: () => host };
    let inner: Element = input;
    Object.defineProperty(shadow, 'elementFromPoint', { value: () => inner });
    expect(isVisibleField(input, viewport(), hitTest)).toBe(true);
    // Something else of the shadow tree over the field covers it.
    inner = shadow.appendChild(document.createElement('div'));
    expect(isVisibleField(input, viewport(), hitTest)).toBe(false);
  });

  it('reads a transparent shadow host as making its field transparent', () => {
    document.body.innerHTML = '<div id="host"></div>';
    const host = document.getElementById('host')!;
    host.attachShadow({ mode: 'open' }).innerHTML = '<input name="user">';
    const input = host.shadowRoot!.querySelector('input')!;
    place(input, { left: 10, top: 10, width: 200, height: 30 });
    expect(isVisibleField(input, viewport(new Map([[host, { opacity: '0' }]])), stack([input]))).toBe(false);
  });
});
