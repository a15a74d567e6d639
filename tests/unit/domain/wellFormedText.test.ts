import { describe, expect, it } from 'vitest';
import { brokenTextMessage, isWellFormedText } from '@keyloft/contract/wellFormedText';

describe('isWellFormedText (issue #17: no lone surrogate reaches a write)', () => {
  it('accepts text, including paired surrogates (emoji, astral scripts)', () => {
    for (const value of ['', 'Bank', 'Zürich 東京', '😀', 'a😀b', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢', '\uD83D\uDE00']) expect(isWellFormedText(value)).toBe(true);
  });

  it('refuses a lone high or low surrogate anywhere, and reversed pairs', () => {
    for (const value of ['\uD83D', 'a\uD83D', '\uD83Db', '\uDE00', 'x\uDE00y', '\uDE00\uD83D', '😀'.slice(0, 1) + 'tail', 'ok😀\uD83D']) {
      expect(isWellFormedText(value)).toBe(false);
    }
  });

  it('agrees with String.prototype.isWellFormed where the runtime has it', () => {
    const probe = (String.prototype as { isWellFormed?: (this: string) => boolean }).isWellFormed;
    if (probe === undefined) return;
    for (const value of ['\uD800', '\uDFFF', '\uD800\uDC00', 'a\uDBFF\uDFFFb', '\uDC00\uD800', 'plain']) {
      expect(isWellFormedText(value)).toBe(probe.call(value));
    }
  });

  it('names the field in the message', () => {
    expect(brokenTextMessage('Title')).toBe('Title contains a broken character (half of an emoji or symbol). Retype that part and try again.');
  });
});
