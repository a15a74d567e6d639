// What the README's screenshots show: a demo user's vault, made up for the pictures (no real
// address, password or secret). The one-time code's secret is the well-known documentation example.

export interface DemoEntry {
  readonly title: string;
  readonly url: string;
  readonly username: string;
  readonly password: string;
  /** An otpauth:// link for the entry's one-time code. */
  readonly otp?: string;
  /** A personal group's name, made before the entries. */
  readonly group?: string;
  readonly notes?: string;
}

export const DEMO_GROUPS = ['Work', 'Finance'] as const;

export const PERSONAL_ENTRIES: readonly DemoEntry[] = [
  {
    title: 'GitHub',
    url: 'https://github.com/login',
    username: 'ana.silva',
    password: 'v7#Qm2!pLx9@Tz4r',
    otp: 'otpauth://totp/GitHub:ana.silva?secret=JBSWY3DPEHPK3PXP&issuer=GitHub',
    group: 'Work',
    notes: 'Recovery codes are in the safe.',
  },
  { title: 'Google', url: 'https://accounts.google.com', username: 'ana.silva@gmail.com', password: 'orbit-Cactus-57-lantern' },
  { title: 'Slack', url: 'https://keyloft-demo.slack.com', username: 'ana@keyloft.example', password: 'M4r!golds&Rain', group: 'Work' },
  { title: 'Northwind Bank', url: 'https://online.northwindbank.example', username: 'ana-silva-1984', password: 'q8Z$w3Lk!e0Vn2Bt', group: 'Finance' },
  { title: 'Amazon', url: 'https://www.amazon.com', username: 'ana.silva@gmail.com', password: 'paper-Violin-31-harbor' },
];

export const DEMO_TEAM = 'Platform';

export const TEAM_ENTRIES: readonly DemoEntry[] = [
  { title: 'AWS console', url: 'https://console.aws.amazon.com', username: 'platform-admin', password: 'Xr5!tK8#mQ2@wL7z' },
];

/** The entry opened in the vault's screenshots: the one with a one-time code. */
export const OPENED_ENTRY = 'GitHub';
