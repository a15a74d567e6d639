import { describe, expect, it } from 'vitest';
import { smtpTransportOptions, type SmtpSettings } from '../../src/email/smtp';

const settings: SmtpSettings = {
  host: 'smtp.example.com',
  port: 587,
  user: 'mailer',
  password: 'pw',
  from: 'Keyloft <no-reply@keyloft.app>',
};

describe('smtpTransportOptions', () => {
  it('uses STARTTLS on 587 and logs in when a user is set', () => {
    expect(smtpTransportOptions(settings)).toEqual({
      host: 'smtp.example.com',
      port: 587,
      secure: false,
      requireTLS: true,
      auth: { user: 'mailer', pass: 'pw' },
    });
  });

  it('uses implicit TLS on 465', () => {
    expect(smtpTransportOptions({ ...settings, port: 465 })).toMatchObject({ secure: true, requireTLS: false });
  });

  it('sends no login when there is no user', () => {
    expect(smtpTransportOptions({ ...settings, user: '', password: '' })).not.toHaveProperty('auth');
  });

  it('names the param that is missing or wrong', () => {
    expect(() => smtpTransportOptions({ ...settings, host: ' ' })).toThrow(/SMTP_HOST/);
    expect(() => smtpTransportOptions({ ...settings, port: 0 })).toThrow(/SMTP_PORT/);
    expect(() => smtpTransportOptions({ ...settings, port: 70000 })).toThrow(/SMTP_PORT/);
    expect(() => smtpTransportOptions({ ...settings, from: '' })).toThrow(/MAIL_FROM/);
  });
});
