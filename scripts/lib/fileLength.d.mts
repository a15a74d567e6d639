export const MAX_SOURCE_LINES: number;
export const SOURCE_ROOTS: string[];
export interface SourceFile {
  readonly path: string;
  readonly text: string;
}
export interface LongFile {
  readonly path: string;
  readonly lines: number;
}
export function lineCount(text: string): number;
export function isSourceFile(path: string): boolean;
export function overLimit(files: readonly SourceFile[], max?: number): LongFile[];
export function describeOverLimit(over: readonly LongFile[], max?: number): string[];
export function readSourceFiles(base: string, roots?: readonly string[]): SourceFile[];
