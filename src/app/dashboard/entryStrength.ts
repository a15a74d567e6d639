import { loadOffThreadEstimator } from '../../features/auth';
import type { EstimateStrength } from '../../features/vault';

// The auth feature's strength estimator (zxcvbn, loaded on first use) as the vault feature takes
// it: for the health report (issue #23) and for the health record each save seals (issue #42).
// It runs in a worker of its own: its dictionaries took the page one task of over 100 ms to build,
// set off in the background by the health upgrade (issue #42's browser bench).
export async function loadEntryStrength(): Promise<EstimateStrength> {
  const estimate = await loadOffThreadEstimator();
  return async (password, userInputs) => (await estimate(password, userInputs)).score;
}
