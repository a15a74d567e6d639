import { describe, expect, it } from 'vitest';
import { expiryStanding, formatCardExpiry, parseCardExpiry } from '../../../../src/features/vault/items/cardExpiry';
import {
  cardBrand,
  formatCardNumber,
  isCardNumber,
  lastFourDigits,
  luhnValid,
  normaliseCardNumber,
} from '../../../../src/features/vault/items/cardNumber';

// Issue #44's card items. The numbers are the networks' published test numbers (each checked
// with a Luhn implementation outside this code base).

describe('card numbers', () => {
  it('strips the spaces and dashes people type between groups', () => {
    expect(normaliseCardNumber(' 4242 4242-4242\t4242 ')).toBe('4242424242424242');
  });

  it.each(['79927398713', '4242424242424242', '378282246310005', '6205500000000000004'])('accepts a valid check digit: %s', (number) => {
    expect(luhnValid(number)).toBe(true);
  });

  it.each(['79927398710', '4242424242424241', '378282246310006', '4242 4242 4242 4242', '', 'abcd'])('refuses a wrong check digit or non-digits: "%s"', (number) => {
    expect(luhnValid(number)).toBe(false);
  });

  it('takes 12 to 19 digits with a valid check digit as a card number', () => {
    expect(isCardNumber('4242 4242 4242 4242')).toBe(true);
    expect(isCardNumber('4242-4242-4242-4241')).toBe(false);
    expect(isCardNumber('79927398713')).toBe(false); // 11 digits, though its check digit holds
    expect(isCardNumber('42424242424242424242')).toBe(false); // 20 digits
    expect(isCardNumber('4242 4242 4242 424x')).toBe(false);
  });

  it.each([
    ['4242424242424242', 'visa'],
    ['4222222222222', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['5105105105105100', 'mastercard'],
    ['2221000000000009', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['2720990000000007', 'mastercard'],
    ['378282246310005', 'amex'],
    ['341111111111111', 'amex'],
    ['6011111111111117', 'discover'],
    ['6445644564456445', 'discover'],
    ['6500000000000002', 'discover'],
    ['30569309025904', 'diners'],
    ['36227206271667', 'diners'],
    ['38520000023237', 'diners'],
    ['3530111333300000', 'jcb'],
    ['3566002020360505', 'jcb'],
    ['6200000000000005', 'unionpay'],
    ['6221260000000000', 'unionpay'],
    ['6759649826438453', 'maestro'],
    ['5018000000000009', 'maestro'],
    ['6304000000000000', 'maestro'],
    ['4', 'visa'],
    ['37', 'amex'],
  ])('knows %s as %s', (number, brand) => {
    expect(cardBrand(number)).toBe(brand);
  });

  it.each(['2220999999999999', '2721000000000000', '5600000000000000', '1234567890123', '3', '', 'visa'])('knows no brand for "%s"', (number) => {
    expect(cardBrand(number)).toBeNull();
  });

  it('groups American Express 4-6-5, a 14-digit Diners Club card 4-6-4, and the rest by four', () => {
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('36227206271667')).toBe('3622 720627 1667');
    expect(formatCardNumber('4242-4242-4242-4242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('6205500000000000004')).toBe('6205 5000 0000 0000 004');
    expect(formatCardNumber('3782822')).toBe('3782 822');
    expect(formatCardNumber('42424')).toBe('4242 4');
  });

  it('gives text that is not a number back as typed', () => {
    expect(formatCardNumber(' see the back ')).toBe('see the back');
    expect(formatCardNumber('')).toBe('');
  });

  it('gives the last four digits, or null without four', () => {
    expect(lastFourDigits('4242 4242 4242 4241')).toBe('4241');
    expect(lastFourDigits('424')).toBeNull();
    expect(lastFourDigits('4242 x')).toBeNull();
  });
});

describe('card expiry', () => {
  it.each([
    ['12/29', 12, 2029],
    ['1/29', 1, 2029],
    ['01/2029', 1, 2029],
    ['7/2031', 7, 2031],
    ['12-2029', 12, 2029],
    ['12 / 29', 12, 2029],
    ['2029-12', 12, 2029],
    ['2029/3', 3, 2029],
    ['1229', 12, 2029],
    ['122029', 12, 2029],
    ['  09.30 ', 9, 2030],
  ])('reads "%s" as %i/%i', (text, month, year) => {
    expect(parseCardExpiry(text)).toEqual({ month, year });
  });

  it.each(['13/29', '00/29', '0/29', '2029-13', '1329', '12/1999', '12/2100', '12/290', '12', 'December 2029', '', '12/29/01', '2029'])(
    'refuses "%s"',
    (text) => {
      expect(parseCardExpiry(text)).toBeNull();
    },
  );

  it('writes an expiry as MM/YY', () => {
    expect(formatCardExpiry({ month: 3, year: 2029 })).toBe('03/29');
    expect(formatCardExpiry({ month: 12, year: 2005 })).toBe('12/05');
  });

  // Local noon, so the calendar day is the same in every time zone the tests run in.
  const day = (year: number, month: number, date: number) => new Date(year, month - 1, date, 12);

  it('keeps a card valid through the last day of its month', () => {
    expect(expiryStanding({ month: 2, year: 2028 }, day(2028, 2, 29))).toBe('expiring');
    expect(expiryStanding({ month: 2, year: 2028 }, day(2028, 3, 1))).toBe('expired');
    expect(expiryStanding({ month: 12, year: 2029 }, day(2029, 12, 31))).toBe('expiring');
    expect(expiryStanding({ month: 12, year: 2029 }, day(2030, 1, 1))).toBe('expired');
    expect(expiryStanding({ month: 1, year: 2020 }, day(2026, 6, 1))).toBe('expired');
  });

  it('says expiring when the last valid day is 60 days away or fewer, valid from 61', () => {
    // 31 March 2029 is 60 days after 30 January 2029 and 61 after the 29th.
    expect(expiryStanding({ month: 3, year: 2029 }, day(2029, 1, 30))).toBe('expiring');
    expect(expiryStanding({ month: 3, year: 2029 }, day(2029, 1, 29))).toBe('valid');
    expect(expiryStanding({ month: 12, year: 2035 }, day(2029, 1, 29))).toBe('valid');
  });

  it('counts calendar days across a daylight saving change', () => {
    // 31 October 2029 is 60 days after 1 September, whatever the clocks do in between.
    expect(expiryStanding({ month: 10, year: 2029 }, new Date(2029, 8, 1, 0, 30))).toBe('expiring');
    expect(expiryStanding({ month: 10, year: 2029 }, new Date(2029, 7, 31, 23, 30))).toBe('valid');
  });
});
