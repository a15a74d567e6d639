/** One email, ready to send: the same content as plain text and as HTML. */
export interface EmailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/** Where messages go: SMTP in production, the outbox folder under the emulator (see mailer.ts). */
export interface Mailer {
  send(message: EmailMessage): Promise<void>;
}
