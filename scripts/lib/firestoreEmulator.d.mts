export const ROOT: string;
export const PROJECT_ID: string;
export const JAR_VARIABLE: string;
export type Located = { kind: 'firebase-tools' } | { kind: 'jar'; jar: string } | { kind: 'missing'; reason: string };
export function emulatorPorts(): Record<string, { host?: string; port?: number }>;
export function javaMajorVersion(): number | null;
export function locateFirestoreEmulator(env?: Record<string, string | undefined>): Located;
export function assertPortFree(host: string, port: number, what: string): Promise<void>;
export function assertEmulatorPortsFree(names: string[], extra?: { host: string; port: number; what: string }[]): Promise<void>;
export function loadRules(hostPort: string, projectId?: string, rulesPath?: string): Promise<void>;
export function startFirestoreJar(jar: string, options?: { timeoutMs?: number }): Promise<{ hostPort: string; stop(): Promise<void> }>;
export function provideFirestore(located?: Located): Promise<{
  only: string[];
  env: Record<string, string>;
  hostPort: string | null;
  stop(): Promise<void>;
}>;
