import { describe, expect, it } from 'vitest';
import {
  DEFAULT_OPTIONS,
  DIGITS,
  GeneratorError,
  LOWERCASE,
  MAX_CANDIDATES,
  MAX_LENGTH,
  MIN_LENGTH,
  QUICK_SPECIAL_CHARS,
  SPACE,
  SPECIAL_CHARS,
  UPPERCASE,
  clampLength,
  cryptoRandom,
  generatePassword,
  quickGenerate,
  uniformIntFrom,
  validateOptions,
  type GeneratorOptions,
  type RandomInt,
} from '../../../src/features/vault/generator/generate';

const NONE: GeneratorOptions = {
  length: 16,
  includeUppercase: false,
  includeLowercase: false,
  includeNumbers: false,
  includeSpecialChars: false,
  includeSpaces: false,
};

const TYPES = [
  { key: 'includeUppercase', chars: UPPERCASE },
  { key: 'includeLowercase', chars: LOWERCASE },
  { key: 'includeNumbers', chars: DIGITS },
  { key: 'includeSpecialChars', chars: SPECIAL_CHARS },
  { key: 'includeSpaces', chars: SPACE },
] as const;

/** Every choice of character types the generator accepts: not none, not spaces alone (30). */
function everyTypeChoice(): (typeof TYPES)[number][][] {
  return everySubset(TYPES).filter((types) => types.some(({ chars }) => chars !== SPACE));
}

function optionsFor(types: readonly (typeof TYPES)[number][], length: number): GeneratorOptions {
  const options = { ...NONE, length };
  for (const { key } of types) options[key] = true;
  return options;
}

/** A RandomInt that replays `values` and fails the test if asked for more. */
function scripted(values: readonly number[]): RandomInt & { used: () => number } {
  let next = 0;
  const random = (max: number) => {
    const value = values[next];
    if (value === undefined) throw new Error('scripted random source exhausted');
    expect(value).toBeLessThan(max);
    next += 1;
    return value;
  };
  return Object.assign(random, { used: () => next });
}

describe('generator constants (SPEC.md §5, §9)', () => {
  it('defaults to length 16 with uppercase, lowercase, numbers and specials on, spaces off', () => {
    expect(DEFAULT_OPTIONS).toEqual({
      length: 16,
      includeUppercase: true,
      includeLowercase: true,
      includeNumbers: true,
      includeSpecialChars: true,
      includeSpaces: false,
    });
    expect([MIN_LENGTH, MAX_LENGTH]).toEqual([4, 50]);
  });

  it('uses disjoint, duplicate-free character sets; the special set has no quotes or backslash', () => {
    const all = UPPERCASE + LOWERCASE + DIGITS + SPECIAL_CHARS + SPACE;
    expect(new Set(all).size).toBe(all.length);
    expect([UPPERCASE.length, LOWERCASE.length, DIGITS.length, SPECIAL_CHARS.length]).toEqual([26, 26, 10, 27]);
    expect(SPECIAL_CHARS).not.toMatch(/['"`\\\s]/);
    for (const char of QUICK_SPECIAL_CHARS) expect(SPECIAL_CHARS).toContain(char);
  });
});

describe('generatePassword: length', () => {
  it.each([4, 16, 50])('makes a password of exactly %i characters', (length) => {
    for (let i = 0; i < 50; i += 1) {
      expect(generatePassword({ ...DEFAULT_OPTIONS, length })).toHaveLength(length);
    }
  });

  it.each([3, 51, 0, -16, 16.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses length %s', (length) => {
    const options = { ...DEFAULT_OPTIONS, length };
    expect(() => generatePassword(options)).toThrow(GeneratorError);
    expect(() => generatePassword(options)).toThrow('Length must be a whole number from 4 to 50');
    expect(validateOptions(options)?.code).toBe('invalid-length');
  });

  it('clamps a typed length for the dialog: rounded, then held to 4–50', () => {
    expect([3, 4, 16, 16.4, 16.6, 50, 51, -5, 1e9].map(clampLength)).toEqual([4, 4, 16, 16, 17, 50, 50, 4, 50]);
    expect(clampLength(Number.NaN)).toBe(16);
    expect(clampLength(Number.POSITIVE_INFINITY)).toBe(50);
  });
});

describe('generatePassword: character types', () => {
  it('refuses when no type is selected, with the spec’s message verbatim', () => {
    let thrown: unknown;
    try {
      generatePassword(NONE);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(GeneratorError);
    expect((thrown as GeneratorError).message).toBe('Please select at least one character type');
    expect((thrown as GeneratorError).code).toBe('no-character-type');
    expect(validateOptions(NONE)?.message).toBe('Please select at least one character type');
  });

  it('refuses spaces alone: such a password would be trimmed to nothing', () => {
    const spaces = { ...NONE, includeSpaces: true };
    expect(() => generatePassword(spaces)).toThrow(GeneratorError);
    expect(validateOptions(spaces)?.code).toBe('spaces-only');
    expect(validateOptions(spaces)?.message).toBe('Select at least one character type other than spaces');
    expect(validateOptions({ ...spaces, includeNumbers: true })).toBeNull();
  });

  it('reports the missing type before a bad length, as that is what the dialog can show', () => {
    expect(validateOptions({ ...NONE, length: 2 })?.code).toBe('no-character-type');
  });

  it('accepts the defaults', () => {
    expect(validateOptions(DEFAULT_OPTIONS)).toBeNull();
  });

  it('uses only the selected types, every one of them, and never an edge space (all 30 valid choices)', () => {
    for (const types of everyTypeChoice()) {
      const allowed = new Set(types.flatMap(({ chars }) => Array.from(chars)));
      for (const length of [4, 5, 6, 16, 50]) {
        const options = optionsFor(types, length);
        for (let i = 0; i < 15; i += 1) {
          const password = generatePassword(options);
          expect(password).toHaveLength(length);
          for (const char of password) expect(allowed.has(char)).toBe(true);
          const present = types.filter(({ chars }) => Array.from(password).some((char) => chars.includes(char)));
          // All five types cannot fit in 4 characters: then each character is of a different type.
          expect(present).toHaveLength(Math.min(types.length, length));
          expect(password.startsWith(' ')).toBe(false);
          expect(password.endsWith(' ')).toBe(false);
        }
      }
    }
  });

  it('puts spaces in only when asked', () => {
    for (let i = 0; i < 500; i += 1) expect(generatePassword(DEFAULT_OPTIONS)).not.toContain(' ');
    for (let i = 0; i < 200; i += 1) expect(generatePassword({ ...DEFAULT_OPTIONS, includeSpaces: true })).toContain(' ');
  });

  it('draws each character from the injected source: the union of the types in a fixed order', () => {
    // Uppercase then digits: index 0 is 'A', 26 is '0'.
    const random = scripted([0, 26, 1, 27]);
    expect(generatePassword({ ...NONE, length: 4, includeUppercase: true, includeNumbers: true }, random)).toBe('A0B1');
    expect(random.used()).toBe(4);
  });

  it('discards a whole candidate that misses a type and draws a new one (no patching)', () => {
    // 'AAAA' has no digit: thrown away entirely; the next four draws are the password.
    const random = scripted([0, 0, 0, 0, 35, 25, 26, 3]);
    expect(generatePassword({ ...NONE, length: 4, includeUppercase: true, includeNumbers: true }, random)).toBe('9Z0D');
    expect(random.used()).toBe(8);
  });

  it('draws the first and last characters without the space', () => {
    // Digits + space: the edge alphabet is '0123456789' (10), the inner one '0123456789 ' (11).
    const sizes: number[] = [];
    const random: RandomInt = (max) => {
      sizes.push(max);
      return max - 1;
    };
    expect(generatePassword({ ...NONE, length: 5, includeNumbers: true, includeSpaces: true }, random)).toBe('9   9');
    expect(sizes).toEqual([10, 11, 11, 11, 10]);
  });

  it('gives up, rather than looping forever, when the random source is broken', () => {
    const stuck: RandomInt = () => 0;
    expect(() => generatePassword({ ...NONE, length: 4, includeUppercase: true, includeNumbers: true }, stuck)).toThrow(
      /random source failed/,
    );
  });

  it(`keeps ${MAX_CANDIDATES} candidates enough: reaching the limit with a sound source is beyond belief`, () => {
    // Exact probability that one candidate is kept, by inclusion–exclusion over the types it uses,
    // for every choice of types and every length.
    let worst = 1;
    for (const types of everyTypeChoice()) {
      const subsets = everySubset(types);
      for (let length = MIN_LENGTH; length <= MAX_LENGTH; length += 1) {
        const required = Math.min(types.length, length);
        const usingOnly = (subset: readonly (typeof TYPES)[number][]) => {
          const size = subset.reduce((sum, { chars }) => sum + chars.length, 0);
          const edge = subset.filter(({ chars }) => chars !== SPACE).reduce((sum, { chars }) => sum + chars.length, 0);
          return edge ** 2 * size ** (length - 2);
        };
        let kept = 0;
        for (const subset of subsets) {
          if (subset.length < required) continue;
          for (const inner of everySubset(subset)) {
            kept += (-1) ** (subset.length - inner.length) * usingOnly(inner);
          }
        }
        worst = Math.min(worst, kept / usingOnly(types));
      }
    }
    // The worst case is all five types at length 5: about 1 candidate in 440 is kept.
    expect(worst).toBeGreaterThan(1 / 440);
    expect(MAX_CANDIDATES * Math.log1p(-worst)).toBeLessThan(-100); // P(give up) < e^-100
  });
});

function everySubset<T>(items: readonly T[]): T[][] {
  const subsets: T[][] = [];
  for (let mask = 0; mask < 1 << items.length; mask += 1) {
    subsets.push(items.filter((_, index) => (mask >> index) & 1));
  }
  return subsets;
}

describe('quickGenerate (SPEC.md §5)', () => {
  const QUICK_ALPHABET = UPPERCASE + LOWERCASE + DIGITS + QUICK_SPECIAL_CHARS;

  it('makes 16 characters from letters, digits and !@#$%^&*, with each kind present', () => {
    for (let i = 0; i < 1_000; i += 1) {
      const password = quickGenerate();
      expect(password).toMatch(/^[A-Za-z0-9!@#$%^&*]{16}$/);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/[0-9]/);
      expect(password).toMatch(/[!@#$%^&*]/);
    }
  });

  it('uses the whole alphabet: all 70 characters turn up', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2_000; i += 1) for (const char of quickGenerate()) seen.add(char);
    expect([...seen].sort().join('')).toBe(Array.from(QUICK_ALPHABET).sort().join(''));
  });

  it('takes an injected source', () => {
    // Upper, lower, digits, symbols in that order: 0 'A', 26 'a', 52 '0', 62 '!', then 69 '*'.
    const random = scripted([0, 26, 52, 62, ...Array<number>(12).fill(69)]);
    expect(quickGenerate(random)).toBe('Aa0!************');
  });
});

describe('uniformIntFrom: rejection sampling', () => {
  it('keeps a word below the largest multiple of max and reduces it', () => {
    // Bytes, max 62: 256 = 4·62 + 8, so words 248–255 would favour 0–7 and are rejected.
    const words = [248, 255, 247];
    let read = 0;
    const draw = uniformIntFrom(() => words[read++] ?? Number.NaN, 256);
    expect(draw(62)).toBe(247 % 62);
    expect(read).toBe(3);
  });

  it('accepts every word below the limit and maps it into range', () => {
    for (let word = 0; word < 248; word += 1) {
      const value = uniformIntFrom(() => word, 256)(62);
      expect(value).toBe(word % 62);
    }
  });

  it('rejects nothing when max divides the range', () => {
    expect(uniformIntFrom(() => 255, 256)(256)).toBe(255);
    expect(uniformIntFrom(() => 255, 256)(64)).toBe(63);
    expect(uniformIntFrom(() => 255, 256)(1)).toBe(0);
  });

  it('refuses an impossible max or a source that leaves its range', () => {
    const draw = uniformIntFrom(() => 0, 256);
    for (const max of [0, -1, 257, 2.5, Number.NaN]) expect(() => draw(max)).toThrow(RangeError);
    for (const word of [256, -1, 0.5, Number.NaN]) {
      expect(() => uniformIntFrom(() => word, 256)(10)).toThrow(RangeError);
    }
  });

  it('cryptoRandom stays in [0, max) for small, awkward and full-width max', () => {
    for (const max of [1, 2, 3, 62, 89, 1_000_003, 2 ** 31 + 1, 2 ** 32]) {
      for (let i = 0; i < 200; i += 1) {
        const value = cryptoRandom(max);
        expect(Number.isInteger(value)).toBe(true);
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThan(max);
      }
    }
    expect(() => cryptoRandom(2 ** 32 + 1)).toThrow(RangeError);
  });
});

// Uniformity. Pearson's statistic X² = Σ (observed − expected)² / expected over k bins follows,
// for a fair source, a chi-square law with k − 1 degrees of freedom (to a very good approximation
// here: over 3,000 expected per bin). The Chernoff bound P(X² ≥ x) ≤ (z·e^(1−z))^(df/2), z = x/df,
// gives a threshold that a fair source exceeds with probability at most FALSE_FAILURE.
//   df 61 (62 bins): threshold ≈ 162.   df 25 (26 bins): threshold ≈ 102.
// A `byte % 62` source puts 5/256 on each of 0–7 and 4/256 on the rest; over 200,000 draws its
// statistic is about 1,380 ± 75, far above 162.

const FALSE_FAILURE = 1e-9;
const DRAWS = 200_000;

function chernoffTail(df: number, x: number): number {
  const z = x / df;
  return z <= 1 ? 1 : Math.exp((df / 2) * (Math.log(z) + 1 - z));
}

/** The smallest x with chernoffTail(df, x) ≤ p, by bisection. */
function chiSquareThreshold(df: number, p: number): number {
  let low = df;
  let high = 20 * df;
  while (high - low > 1e-6) {
    const mid = (low + high) / 2;
    if (chernoffTail(df, mid) > p) low = mid;
    else high = mid;
  }
  return high;
}

function chiSquare(bins: number, draws: number, draw: () => number): number {
  const counts = new Array<number>(bins).fill(0);
  for (let i = 0; i < draws; i += 1) {
    const value = draw();
    counts[value] = (counts[value] ?? 0) + 1;
  }
  expect(counts).toHaveLength(bins);
  const expected = draws / bins;
  return counts.reduce((sum, observed) => sum + (observed - expected) ** 2 / expected, 0);
}

/** Uniform random bytes from WebCrypto, fetched in blocks. */
function byteSource(): () => number {
  const block = new Uint8Array(65_536);
  let next = block.length;
  return () => {
    if (next === block.length) {
      globalThis.crypto.getRandomValues(block);
      next = 0;
    }
    return block[next++] ?? Number.NaN;
  };
}

describe('uniformity (chi-square)', () => {
  const threshold62 = chiSquareThreshold(61, FALSE_FAILURE);

  it('derives the thresholds from the chosen false-failure probability', () => {
    expect(FALSE_FAILURE).toBeLessThan(1e-6);
    expect(threshold62).toBeCloseTo(162.1, 0);
    expect(chernoffTail(61, threshold62)).toBeLessThanOrEqual(FALSE_FAILURE);
    expect(chiSquareThreshold(25, FALSE_FAILURE)).toBeCloseTo(101.6, 0);
  });

  it('cryptoRandom(62) passes', () => {
    expect(chiSquare(62, DRAWS, () => cryptoRandom(62))).toBeLessThan(threshold62);
  });

  it('catches bias: the same test fails a `byte % 62` source', () => {
    const nextByte = byteSource();
    expect(chiSquare(62, DRAWS, () => nextByte() % 62)).toBeGreaterThan(threshold62);
  });

  it('rejection sampling removes that bias from the very same bytes', () => {
    const draw = uniformIntFrom(byteSource(), 256);
    expect(chiSquare(62, DRAWS, () => draw(62))).toBeLessThan(threshold62);
  });

  it('generatePassword with one type spreads its characters evenly (26 lowercase letters)', () => {
    const options = { ...NONE, includeLowercase: true, length: 16 };
    let buffer = '';
    const statistic = chiSquare(26, DRAWS, () => {
      if (buffer === '') buffer = generatePassword(options);
      const char = buffer.charCodeAt(0);
      buffer = buffer.slice(1);
      return char - 'a'.charCodeAt(0);
    });
    expect(statistic).toBeLessThan(chiSquareThreshold(25, FALSE_FAILURE));
  });
});
