export const EMULATOR_CONFIG_FILE: string;
export function appEmulatorOrigins(emulators: Record<string, { host?: string; port?: number }> | undefined): string[];
export function withConnectOrigins(policy: string, origins: readonly string[]): string;
export interface HostingHeaderBlock {
  source: string;
  headers: { key: string; value: string }[];
}
export interface FirebaseConfig {
  hosting?: { headers?: HostingHeaderBlock[]; [key: string]: unknown };
  emulators?: Record<string, { host?: string; port?: number }>;
  [key: string]: unknown;
}
export function emulatorConfig<T extends FirebaseConfig>(config: T): T;
export function writeEmulatorConfig(root?: string): string;
