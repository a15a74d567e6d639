export const LANDING_BUDGET_KB: number;
export function gzipKb(file: string): number;
export function landingFiles(dist: string): string[];
export function landingKb(dist: string): number;
