export function fakeStripePort(): number;
export function startFakeStripe(): Promise<{ port: number; stop(): Promise<void> }>;
