import { loadStrengthEstimator } from '../../features/auth';
import type { EstimateStrength } from '../../features/vault';

// The auth feature's strength estimator (zxcvbn, loaded on first use) as the vault feature takes
// it: for the health report (issue #23) and for the health record each save seals (issue #42).
export async function loadEntryStrength(): Promise<EstimateStrength> {
  const estimate = await loadStrengthEstimator();
  return (password, userInputs) => estimate(password, userInputs).score;
}
