import type { IncomingMessage, ServerResponse } from 'node:http';

export const DEMO_LOGIN_PORT: number;
export function signedInPage(username: string): string;
export function demoLoginHandler(request: IncomingMessage, response: ServerResponse): void;
export function startDemoLoginPage(options?: { port?: number }): Promise<{ port: number; url: string; stop(): Promise<void> }>;
