// The colour tokens of both themes (src/ui/tokens.css), read from the stylesheet itself, meet the
// contrast its header comment claims: WCAG AA 4.5:1 for text, 3:1 for control borders and focus.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('../../../src/ui/tokens.css', import.meta.url), 'utf8');

type Tokens = Map<string, string>;

/** The custom properties declared in the first `:root { ... }` after `from` in the stylesheet. */
function rootTokens(from: number): Tokens {
  const open = css.indexOf(':root {', from);
  if (open < 0) throw new Error('no :root block');
  const body = css.slice(open, css.indexOf('}', open));
  return new Map([...body.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map(([, name, value]) => [name!, value!.trim()]));
}

const light = rootTokens(0);
const darkAt = css.indexOf('@media (prefers-color-scheme: dark)');
/** The dark theme overrides some tokens; the others it inherits from light. */
const dark: Tokens = new Map([...light, ...rootTokens(darkAt)]);

function rgb(value: string): [number, number, number] {
  const hex = /^#([0-9a-f]{6})$/i.exec(value);
  if (!hex) throw new Error(`not a #rrggbb colour: ${value}`);
  const n = Number.parseInt(hex[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** WCAG 2.x relative luminance. */
function luminance(value: string): number {
  const [r, g, b] = rgb(value).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const AVATARS = [1, 2, 3, 4, 5, 6].map((n) => `avatar-${n}`);
/** [foreground, background, minimum ratio], token names without `--color-`. */
const PAIRS: [string, string, number][] = [
  ...['bg', 'surface', 'surface-strong'].flatMap((bg): [string, string, number][] => [
    ['text', bg, 4.5],
    ['text-muted', bg, 4.5],
    ['primary', bg, 4.5],
  ]),
  ['on-primary', 'primary', 4.5],
  ['on-primary', 'primary-hover', 4.5],
  ['on-primary', 'danger', 4.5],
  ['on-primary', 'danger-hover', 4.5],
  ['primary', 'primary-soft', 4.5],
  ['primary-hover', 'primary-soft', 4.5],
  ['danger', 'bg', 4.5],
  ['danger', 'danger-soft', 4.5],
  ['success', 'success-soft', 4.5],
  ['warning-text', 'warning-soft', 4.5],
  ...AVATARS.map((avatar): [string, string, number] => ['on-avatar', avatar, 4.5]),
  ['border-strong', 'bg', 3],
  ['focus', 'bg', 3],
  ['focus', 'surface', 3],
];

describe.each([
  ['light', light],
  ['dark', dark],
])('the %s theme', (_theme, tokens) => {
  const color = (name: string) => {
    const value = tokens.get(`--color-${name}`);
    if (value === undefined) throw new Error(`no token --color-${name}`);
    return value;
  };

  it.each(PAIRS)('%s on %s reaches %s:1', (fg, bg, minimum) => {
    expect(contrast(color(fg), color(bg))).toBeGreaterThanOrEqual(minimum);
  });
});

describe('the stylesheet under test', () => {
  it('has a dark theme that overrides every colour pair it is checked on', () => {
    expect(darkAt).toBeGreaterThan(0);
    const overridden = rootTokens(darkAt);
    for (const name of ['bg', 'surface', 'text', 'text-muted', 'primary', 'on-primary', 'danger-soft', 'warning-soft', 'success-soft']) {
      expect(overridden.get(`--color-${name}`), name).toMatch(/^#[0-9a-f]{6}$/i);
      expect(overridden.get(`--color-${name}`), name).not.toBe(light.get(`--color-${name}`));
    }
  });

  it('measures contrast the WCAG way (black on white is 21:1, a colour on itself 1:1)', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#1d4ed8', '#1d4ed8')).toBe(1);
    expect(contrast('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('declares the type scale, control and row sizes the dense screens use', () => {
    expect(light.get('--font-size-xs')).toBe('0.8125rem');
    expect(light.get('--control-height')).toBe('2.25rem');
    expect(light.get('--control-height-touch')).toBe('2.75rem');
    expect(light.get('--row-height')).toBeDefined();
    expect(light.get('--icon-size')).toBeDefined();
  });
});
