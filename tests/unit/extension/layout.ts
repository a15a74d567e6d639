import { vi } from 'vitest';
import type { Viewport } from '../../../extension/src/fillFields';

// jsdom lays nothing out, so each field is given its box, and the document its topmost element at
// a point, as a browser would compute them; the rules the checks apply are what is tested here
// (Chromium lays out the corpus pages in tests/browser/extension/).

export interface Box {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

export const VIEW = { innerWidth: 800, innerHeight: 600 };

export function viewport(styles: Map<Element, Partial<CSSStyleDeclaration>> = new Map()): Viewport {
  return {
    ...VIEW,
    getComputedStyle: (element) => Object.assign({ display: 'block', visibility: 'visible', opacity: '1' }, styles.get(element)),
  };
}

export function place(element: Element, box: Box): void {
  vi.spyOn(element, 'getBoundingClientRect').mockReturnValue({ ...box, right: box.left + box.width, bottom: box.top + box.height, x: box.left, y: box.top, toJSON: () => box });
}

/** The topmost element at a point: the field whose box holds it, unless `cover` lies over it. */
export function stack(fields: readonly Element[], cover?: { element: Element; box: Box }) {
  const inside = (box: DOMRect | Box, x: number, y: number) => x >= box.left && x <= box.left + box.width && y >= box.top && y <= box.top + box.height;
  return {
    elementFromPoint: (x: number, y: number) => {
      if (cover !== undefined && inside(cover.box, x, y)) return cover.element;
      return fields.find((field) => inside(field.getBoundingClientRect(), x, y)) ?? document.body;
    },
  };
}

export function form(html: string): HTMLInputElement[] {
  document.body.innerHTML = html;
  const inputs = [...document.querySelectorAll('input')];
  inputs.forEach((input, index) => { place(input, { left: 10, top: 10 + index * 40, width: 200, height: 30 }); });
  // findLoginFields asks the document itself (jsdom has no elementFromPoint).
  document.elementFromPoint = stack(inputs).elementFromPoint;
  return inputs;
}


/** Lays out `inputs` one under the other (fields of shadow roots too), each topmost at its box. */
export function layOut(inputs: readonly HTMLInputElement[]): void {
  inputs.forEach((input, index) => { place(input, { left: 10, top: 10 + index * 40, width: 200, height: 30 }); });
  document.elementFromPoint = stack(inputs).elementFromPoint;
}
