// The password generator's rules (SPEC.md §3 "Generator options", §5 "Generator", §9): pure,
// no React, no I/O beyond the random source.
//
// Decisions:
// - Every random choice is a uniform integer drawn by rejection sampling from
//   crypto.getRandomValues, never Math.random and never a bare `word % n`.
// - A password contains at least one character of every selected type. It is drawn uniformly over
//   all passwords that satisfy the rules, by drawing whole candidates and discarding those that do
//   not. (Forcing one character per type and shuffling, the usual shortcut, is not uniform: it
//   favours passwords whose types are evenly mixed.) When more types are selected than the length
//   allows (all five at length 4), the password uses as many different types as it has characters.
// - With spaces selected, a space is never the first or last character: the password form trims
//   its values (SPEC.md §5), which would silently change such a password, and an edge space is
//   invisible where the password is typed or shown. For the same reason spaces alone are refused
//   (GeneratorError 'spaces-only'): such a password would be trimmed to nothing.
// - generatePassword refuses a length outside 4–50 or not a whole number (GeneratorError) rather
//   than quietly changing it; the dialog keeps its length control inside the range with clampLength.

/** Returns a uniformly random integer in [0, max). */
export type RandomInt = (max: number) => number;

export type GeneratorOptions = {
  length: number;
  includeUppercase: boolean;
  includeLowercase: boolean;
  includeNumbers: boolean;
  includeSpecialChars: boolean;
  includeSpaces: boolean;
};

export const MIN_LENGTH = 4;
export const MAX_LENGTH = 50;

export const DEFAULT_OPTIONS: Readonly<GeneratorOptions> = Object.freeze({
  length: 16,
  includeUppercase: true,
  includeLowercase: true,
  includeNumbers: true,
  includeSpecialChars: true,
  includeSpaces: false,
});

export const UPPERCASE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const LOWERCASE = 'abcdefghijklmnopqrstuvwxyz';
export const DIGITS = '0123456789';
/**
 * 27 ASCII symbols that sites commonly accept. Left out on purpose: quotes (' " `) and the
 * backslash, which break quoting when a password is pasted into a shell, a config file, JSON or
 * CSV, and `|`, which some forms reject. The quick generate's `!@#$%^&*` is a subset.
 */
export const SPECIAL_CHARS = '!@#$%^&*()-_=+[]{};:,.<>?/~';
export const SPACE = ' ';

/** SPEC.md §5: the form's quick generate uses letters, digits and these symbols, 16 characters. */
export const QUICK_SPECIAL_CHARS = '!@#$%^&*';
export const QUICK_LENGTH = 16;

export const NO_CHARACTER_TYPE_MESSAGE = 'Please select at least one character type';
export const SPACES_ONLY_MESSAGE = 'Select at least one character type other than spaces';
export const INVALID_LENGTH_MESSAGE = `Length must be a whole number from ${MIN_LENGTH} to ${MAX_LENGTH}`;

export type GeneratorErrorCode = 'no-character-type' | 'spaces-only' | 'invalid-length';

const MESSAGES: Readonly<Record<GeneratorErrorCode, string>> = {
  'no-character-type': NO_CHARACTER_TYPE_MESSAGE,
  'spaces-only': SPACES_ONLY_MESSAGE,
  'invalid-length': INVALID_LENGTH_MESSAGE,
};

export class GeneratorError extends Error {
  override readonly name = 'GeneratorError';
  readonly code: GeneratorErrorCode;

  constructor(code: GeneratorErrorCode) {
    super(MESSAGES[code]);
    this.code = code;
  }
}

/**
 * A RandomInt drawing from `nextWord`, a source of uniform integers in [0, range). A word is kept
 * only below the largest multiple of `max` that fits in the range, so every residue mod `max`
 * is equally likely; the words above it are thrown away and another is drawn.
 */
export function uniformIntFrom(nextWord: () => number, range: number): RandomInt {
  if (!Number.isSafeInteger(range) || range < 1) throw new RangeError(`Invalid random word range: ${range}`);
  return (max) => {
    if (!Number.isSafeInteger(max) || max < 1 || max > range) {
      throw new RangeError(`Cannot draw a random integer below ${max} from words below ${range}`);
    }
    const limit = range - (range % max);
    for (;;) {
      const word = nextWord();
      if (!Number.isSafeInteger(word) || word < 0 || word >= range) {
        throw new RangeError(`The random source gave ${word}, outside [0, ${range})`);
      }
      if (word < limit) return word % max;
    }
  };
}

const WORD_RANGE = 2 ** 32;

function cryptoWord(): number {
  const [word] = globalThis.crypto.getRandomValues(new Uint32Array(1));
  if (word === undefined) throw new Error('getRandomValues returned nothing');
  return word;
}

/** Uniform integers in [0, max) from the platform's cryptographic generator. */
export const cryptoRandom: RandomInt = uniformIntFrom(cryptoWord, WORD_RANGE);

/**
 * Candidates drawn before giving up. The likeliest rejection is all five types at length 5, where
 * about 1 candidate in 440 is kept; 50,000 draws all failing then has a probability near e^-114,
 * so reaching the limit means the random source is broken, not unlucky.
 */
export const MAX_CANDIDATES = 50_000;

type CharacterClasses = readonly string[];

function selectedClasses(options: GeneratorOptions): CharacterClasses {
  const classes: string[] = [];
  if (options.includeUppercase) classes.push(UPPERCASE);
  if (options.includeLowercase) classes.push(LOWERCASE);
  if (options.includeNumbers) classes.push(DIGITS);
  if (options.includeSpecialChars) classes.push(SPECIAL_CHARS);
  if (options.includeSpaces) classes.push(SPACE);
  return classes;
}

export function isValidLength(length: number): boolean {
  return Number.isInteger(length) && length >= MIN_LENGTH && length <= MAX_LENGTH;
}

/** The error generatePassword would throw for these options, or null when they are valid. */
export function validateOptions(options: GeneratorOptions): GeneratorError | null {
  const classes = selectedClasses(options);
  if (classes.length === 0) return new GeneratorError('no-character-type');
  if (classes.every((chars) => chars === SPACE)) return new GeneratorError('spaces-only');
  if (!isValidLength(options.length)) return new GeneratorError('invalid-length');
  return null;
}

/** The nearest allowed length: rounded, then held to 4–50. Not a number gives the default. */
export function clampLength(value: number): number {
  if (Number.isNaN(value)) return DEFAULT_OPTIONS.length;
  return Math.min(MAX_LENGTH, Math.max(MIN_LENGTH, Math.round(value)));
}

/**
 * A uniformly random password of `length` characters over the union of `classes` (disjoint
 * alphabets) that uses at least min(classes, length) of them, with no space at either end.
 */
function generateFrom(classes: CharacterClasses, length: number, random: RandomInt): string {
  const alphabet = classes.join('');
  const edgeAlphabet = classes.filter((chars) => chars !== SPACE).join('');
  const classOf = new Map<string, number>();
  classes.forEach((chars, index) => {
    for (const char of chars) classOf.set(char, index);
  });
  const required = Math.min(classes.length, length);
  const chars: string[] = [];
  const seen = new Set<number>();

  for (let attempt = 0; attempt < MAX_CANDIDATES; attempt += 1) {
    chars.length = 0;
    seen.clear();
    for (let position = 0; position < length; position += 1) {
      const from = position === 0 || position === length - 1 ? edgeAlphabet : alphabet;
      const char = from.charAt(random(from.length));
      chars.push(char);
      const index = classOf.get(char);
      if (index !== undefined) seen.add(index);
    }
    if (seen.size >= required) return chars.join('');
  }
  throw new Error('The random source failed to produce a password that uses every selected character type.');
}

/**
 * A password for the generator dialog. Throws GeneratorError when no type is selected
 * ('Please select at least one character type'), when only spaces are, or when the length is not
 * a whole number from 4 to 50.
 */
export function generatePassword(options: GeneratorOptions, random: RandomInt = cryptoRandom): string {
  const error = validateOptions(options);
  if (error) throw error;
  return generateFrom(selectedClasses(options), options.length, random);
}

const QUICK_CLASSES: CharacterClasses = [UPPERCASE, LOWERCASE, DIGITS, QUICK_SPECIAL_CHARS];

/**
 * The password form's quick generate: 16 characters from letters, digits and !@#$%^&*, with at
 * least one uppercase letter, lowercase letter, digit and symbol, for the same reason as above.
 */
export function quickGenerate(random: RandomInt = cryptoRandom): string {
  return generateFrom(QUICK_CLASSES, QUICK_LENGTH, random);
}
