export function stripeSignature(payload: string, secret: string, timestamp?: number): string;
export function stripeEventOf(type: string, object: unknown): { id: string; type: string; data: { object: unknown } };
