import type { IncomingMessage, ServerResponse } from 'node:http';

export const FAKE_STRIPE_PORT: number;
export function decodeStripeForm(body: string): Record<string, unknown>;

export interface FakeStripe {
  handle(request: IncomingMessage, response: ServerResponse): Promise<void>;
  readonly customers: Map<string, Record<string, unknown>>;
  readonly sessions: Map<string, Record<string, unknown>>;
  readonly subscriptions: Map<string, Record<string, unknown>>;
  completeSession(id: string): Record<string, unknown>;
  start(port?: number): Promise<{ port: number; close(): Promise<void> }>;
}

export function createFakeStripe(options?: { baseUrl?: string; webhook?: { url: string; secret: string } | null }): FakeStripe;
