export interface OobCode {
  readonly email: string;
  readonly oobCode: string;
  readonly oobLink: string;
  readonly requestType: string;
}
export function appLinkFor(appUrl: string, code: OobCode): string;
export function describeEmailedLink(appUrl: string, code: OobCode): string;
export function fetchOobCodes(authOrigin: string, projectId: string): Promise<OobCode[]>;
export function relayEmailedLinks(options: {
  appUrl: string;
  print: (line: string) => void;
  authOrigin?: string;
  projectId?: string;
  intervalMs?: number;
}): { stop(): void };
