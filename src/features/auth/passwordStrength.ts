import type { Score, ZxcvbnFactory } from '@zxcvbn-ts/core';

// Advisory strength of a new master password (zxcvbn-ts). The estimator and its dictionaries are
// about a megabyte, so they load on first use, never with the landing page.

export interface Strength {
  readonly score: Score;
  readonly label: string;
  /** zxcvbn's warning ("This is a top-10 common password"), or null. */
  readonly warning: string | null;
}

const LABELS: Readonly<Record<Score, string>> = {
  0: 'Very weak',
  1: 'Weak',
  2: 'Fair',
  3: 'Good',
  4: 'Strong',
};

export function strengthLabel(score: Score): string {
  return LABELS[score];
}

export type StrengthEstimator = (password: string, userInputs: readonly string[]) => Strength;

/**
 * How many l33t readings zxcvbn tries per password (its default is 100). The health report judges
 * every password of a vault with this estimator (issue #23): on our 2-core machine a generated
 * 16-character password took about 20 ms at 100, 6 ms at 8 and 3.7 ms at 4, and at 4 no score
 * changed on the passwords `npm run bench` compares, l33t ones (p@ssw0rd, Tr0ub4dor&3, b@$3b@11)
 * included; at 3 one did. The master-password meter uses the same setting, so the two agree.
 */
export const L33T_MAX_SUBSTITUTIONS = 4;

let loading: Promise<StrengthEstimator> | null = null;

/** Loads zxcvbn-ts once per page; a failed load may be retried. */
export function loadStrengthEstimator(): Promise<StrengthEstimator> {
  loading ??= createEstimator().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

async function createEstimator(): Promise<StrengthEstimator> {
  const [core, common, en] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]);
  const zxcvbn: ZxcvbnFactory = new core.ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
    l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
  });
  return (password, userInputs) => {
    const result = zxcvbn.check(password, [...userInputs]);
    const warning = result.feedback.warning;
    return { score: result.score, label: strengthLabel(result.score), warning: warning === null || warning === '' ? null : warning };
  };
}
