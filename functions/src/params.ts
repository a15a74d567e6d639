import { defineInt, defineSecret, defineString } from 'firebase-functions/params';

// Deploy-time configuration (docs/email.md). Declared here, read with .value() only inside a
// function body: at module load the values do not exist yet.
//
// Every non-secret param has a default so that the Functions emulator, which resolves params when
// it loads the code, never needs an answer from a terminal (CI has none).

export const appUrl = defineString('APP_URL', {
  default: 'https://keyloft.app',
  description: 'Public URL of the web app; links in emails point here.',
});

export const smtpHost = defineString('SMTP_HOST', {
  default: '',
  description: 'SMTP server that sends Keyloft email. Required in production; unused by the emulator.',
});

export const smtpPort = defineInt('SMTP_PORT', {
  default: 587,
  description: 'SMTP port: 587 (STARTTLS) or 465 (implicit TLS).',
});

export const smtpUser = defineString('SMTP_USER', {
  default: '',
  description: 'SMTP user name; empty for a server that needs no login.',
});

export const mailFrom = defineString('MAIL_FROM', {
  default: 'Keyloft <no-reply@keyloft.app>',
  description: 'From header of every Keyloft email.',
});

export const smtpPassword = defineSecret('SMTP_PASSWORD', {
  description: 'SMTP password, kept in Cloud Secret Manager.',
});

// Billing (docs/billing.md). The Stripe API host is configurable so that the emulator tiers can
// point the SDK at a local Stripe-compatible server; production leaves it at Stripe's.
export const stripeSecretKey = defineSecret('STRIPE_SECRET_KEY', {
  description: 'Stripe secret API key (sk_live_… or sk_test_…), kept in Cloud Secret Manager.',
});

export const stripeWebhookSecret = defineSecret('STRIPE_WEBHOOK_SECRET', {
  description: 'Signing secret of the Stripe webhook endpoint (whsec_…).',
});

export const stripeApiHost = defineString('STRIPE_API_HOST', {
  default: '',
  description: "Stripe API host; empty for Stripe's own (api.stripe.com). Tests set a local server.",
});

export const stripeApiPort = defineInt('STRIPE_API_PORT', {
  default: 443,
  description: 'Stripe API port.',
});

export const stripeApiProtocol = defineString('STRIPE_API_PROTOCOL', {
  default: 'https',
  description: "Stripe API protocol: 'https', or 'http' for a local test server.",
});

export const stripePriceUnlimited = defineString('STRIPE_PRICE_UNLIMITED', {
  default: '',
  description: 'Stripe price id (price_…) of the Unlimited plan; empty disables its checkout.',
});
