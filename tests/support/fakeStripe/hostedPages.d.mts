export function stripeSignature(payload: string, secret: string, timestamp?: number): string;
export function stripeEventOf(type: string, object: unknown): { readonly id: string; readonly type: string; readonly [key: string]: unknown };
