import { PRODUCT_NAME, composeEmail } from './compose';
import type { EmailMessage } from './types';

// The words of each email Keyloft sends, one pure builder per message (no I/O). A new message
// (invitation, master-password change, MFA changes, email change) is one more builder here.

export function verificationEmail(input: { readonly to: string; readonly link: string }): EmailMessage {
  return composeEmail({
    to: input.to,
    subject: `Verify your email address for ${PRODUCT_NAME}`,
    heading: `Welcome to ${PRODUCT_NAME}!`,
    paragraphs: [`Please confirm that ${input.to} is your email address, so that we can keep your account safe.`],
    action: { label: 'Verify email address', url: input.link },
    after: [`If you did not create a ${PRODUCT_NAME} account, you can ignore this email.`],
  });
}
