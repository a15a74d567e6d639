// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fillField, findLoginFields, isVisibleField, type Viewport } from '../../../extension/src/fillFields';

// jsdom lays nothing out, so each field is given its box, and the document its topmost element at
// a point, as a browser would compute them; the rules the checks apply are what is tested here
// (Chromium lays out the corpus pages in tests/browser/extension/).

interface Box {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

const VIEW = { innerWidth: 800, innerHeight: 600 };

function viewport(styles: Map<Element, Partial<CSSStyleDeclaration>> = new Map()): Viewport {
  return {
    ...VIEW,
    getComputedStyle: (element) => Object.assign({ display: 'block', visibility: 'visible', opacity: '1' }, styles.get(element)),
  };
}

function place(element: Element, box: Box): void {
  vi.spyOn(element, 'getBoundingClientRect').mockReturnValue({ ...box, right: box.left + box.width, bottom: box.top + box.height, x: box.left, y: box.top, toJSON: () => box });
}

/** The topmost element at a point: the field whose box holds it, unless `cover` lies over it. */
function stack(fields: readonly Element[], cover?: { element: Element; box: Box }) {
  const inside = (box: DOMRect | Box, x: number, y: number) => x >= box.left && x <= box.left + box.width && y >= box.top && y <= box.top + box.height;
  return {
    elementFromPoint: (x: number, y: number) => {
      if (cover !== undefined && inside(cover.box, x, y)) return cover.element;
      return fields.find((field) => inside(field.getBoundingClientRect(), x, y)) ?? document.body;
    },
  };
}

function form(html: string): HTMLInputElement[] {
  document.body.innerHTML = html;
  const inputs = [...document.querySelectorAll('input')];
  inputs.forEach((input, index) => { place(input, { left: 10, top: 10 + index * 40, width: 200, height: 30 }); });
  // findLoginFields asks the document itself (jsdom has no elementFromPoint).
  document.elementFromPoint = stack(inputs).elementFromPoint;
  return inputs;
}

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
    expect(found).toEqual({ username: user, password });
    expect(found.username).not.toBe(search);
  });

  it('prefers autocomplete="username", and leaves a new-password field alone', () => {
    const [user, , password] = form('<input autocomplete="username" name="a"><input name="b"><input type="password" autocomplete="current-password"><input type="password" autocomplete="new-password">');
    expect(findLoginFields(document, viewport())).toEqual({ username: user, password });
  });

  it('finds a username-only page by its label, in other languages too', () => {
    const [, user] = form('<input name="q"><label for="u">Identifiant</label><input id="u">');
    expect(findLoginFields(document, viewport())).toEqual({ username: user, password: null });
  });

  it('never picks a hidden password field over a visible one', () => {
    const [hidden, user, password] = form('<input type="password" name="trap"><input name="user"><input type="password" name="pw">');
    place(hidden!, { left: 10, top: 10, width: 0, height: 0 });
    expect(findLoginFields(document, viewport())).toEqual({ username: user, password });
  });
});

describe('filling a field', () => {
  it('sets the value and fires input and change, bubbling, so frameworks see it', () => {
    const [input] = form('<input name="user">');
    const seen: string[] = [];
    document.body.addEventListener('input', (event) => seen.push(`${event.type}:${(event.target as HTMLInputElement).value}`));
    document.body.addEventListener('change', (event) => seen.push(`${event.type}:${(event.target as HTMLInputElement).value}`));
    fillField(input!, 'ana@example.test');
    expect(input!.value).toBe('ana@example.test');
    expect(seen).toEqual(['input:ana@example.test', 'change:ana@example.test']);
  });
});
