// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findLoginFields, inputsOf } from '../../../extension/src/loginFields';
import { form, layOut, viewport } from './layout';

// The field scorer on stored DOM snapshots: each page's markup as a browser would have it when the
// user asks (forms built by script already built), laid out one field under the other.

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

const byName = (name: string) => inputsOf(document).find((input) => input.name === name) ?? null;

describe('login forms in several languages', () => {
  it.each([
    ['English', '<label for="u">Email address</label><input id="u" name="u"><label for="p">Password</label><input id="p" name="p" type="password">'],
    ['French', '<label>Identifiant <input name="u"></label><label>Mot de passe <input name="p" type="password"></label>'],
    ['German', '<input name="u" placeholder="Benutzername"><input name="p" type="password" placeholder="Passwort"><input type="submit" value="Anmelden">'],
    ['Spanish', '<input name="u" aria-label="Correo electrónico"><input name="p" type="password" aria-label="Contraseña">'],
    ['Japanese', '<label for="u">メールアドレス</label><input id="u" name="u"><label for="p">パスワード</label><input id="p" name="p" type="password">'],
  ])('%s: the username and the password', (_language, html) => {
    form(html);
    expect(findLoginFields(document, viewport())).toEqual({ username: byName('u'), password: byName('p'), otp: null });
  });

  it.each([
    ['Italian', '<input name="q" type="search"><label for="u">Nome utente</label><input id="u" name="u">'],
    ['Dutch', '<input name="zip" placeholder="Postcode"><input name="u" placeholder="Gebruikersnaam">'],
    ['Russian', '<input name="promo" placeholder="Промокод"><input name="u" placeholder="Логин">'],
  ])('%s: a username-only page fills its username, not another field', (_language, html) => {
    form(html);
    expect(findLoginFields(document, viewport())).toEqual({ username: byName('u'), password: null, otp: null });
  });
});

describe('username then password', () => {
  it('the first page has only a username: it is filled, and no password field is invented', () => {
    form('<input type="email" name="u" autocomplete="username"><button>Next</button>');
    expect(findLoginFields(document, viewport())).toEqual({ username: byName('u'), password: null, otp: null });
  });

  it('the second page shows the username read-only: only the password is filled', () => {
    form('<input name="shown" value="ana@example.test" readonly><input type="password" name="p">');
    expect(findLoginFields(document, viewport())).toEqual({ username: null, password: byName('p'), otp: null });
  });
});

describe('registration and password-change forms', () => {
  it('a registration form (new passwords only) gets nothing, even its email', () => {
    form('<input type="email" name="email" autocomplete="email"><input type="password" name="p1" autocomplete="new-password"><input type="password" name="p2" autocomplete="new-password">');
    expect(findLoginFields(document, viewport())).toEqual({ username: null, password: null, otp: null });
  });

  it('a registration form known only by its labels gets nothing: "Password" then "Confirm password"', () => {
    form('<input name="email" placeholder="Email"><input type="password" name="p1" placeholder="Password"><input type="password" name="p2" placeholder="Confirm password">');
    expect(findLoginFields(document, viewport())).toEqual({ username: null, password: null, otp: null });
  });

  it('a password-change form gets its current password only', () => {
    form('<input type="password" name="old" autocomplete="current-password"><input type="password" name="new1" autocomplete="new-password"><input type="password" name="new2" autocomplete="new-password">');
    expect(findLoginFields(document, viewport())).toEqual({ username: null, password: byName('old'), otp: null });
  });

  it.each([
    ['English', 'Current password', 'New password', 'Confirm new password'],
    ['German', 'Aktuelles Passwort', 'Neues Passwort', 'Passwort wiederholen'],
    ['French', 'Mot de passe actuel', 'Nouveau mot de passe', 'Confirmer le mot de passe'],
    ['Spanish', 'Contraseña actual', 'Nueva contraseña', 'Repetir contraseña'],
  ])('%s labels: a change form gets its current password only', (_language, current, fresh, again) => {
    form(`<input type="password" name="old" placeholder="${current}"><input type="password" name="new1" placeholder="${fresh}"><input type="password" name="new2" placeholder="${again}">`);
    expect(findLoginFields(document, viewport())).toEqual({ username: null, password: byName('old'), otp: null });
  });
});

describe('one-time-code fields', () => {
  it.each([
    ['autocomplete', '<input name="c" autocomplete="one-time-code" inputmode="numeric">'],
    ['English label', '<label for="c">Verification code</label><input id="c" name="c">'],
    ['German placeholder', '<input name="c" placeholder="Sicherheitscode">'],
    ['Spanish label', '<label>Código de verificación <input name="c" type="tel"></label>'],
    ['name otp', '<input name="otp" type="number">'],
  ])('%s: the code field, never taken for the username', (_how, html) => {
    form(html);
    const otp = inputsOf(document).find((input) => input.name === 'c' || input.name === 'otp');
    expect(findLoginFields(document, viewport())).toEqual({ username: null, password: null, otp });
  });

  it('a postal code or a promotion code is no one-time code', () => {
    form('<input name="zip" placeholder="Postal code"><input name="promo" placeholder="Promo code">');
    expect(findLoginFields(document, viewport()).otp).toBeNull();
  });

  it('a login form with a code field gets all three', () => {
    form('<input name="u" autocomplete="username"><input type="password" name="p"><input name="c" autocomplete="one-time-code">');
    expect(findLoginFields(document, viewport())).toEqual({ username: byName('u'), password: byName('p'), otp: byName('c') });
  });
});

describe('open shadow roots', () => {
  it('finds the login fields inside a web component, at its place in the page', () => {
    document.body.innerHTML = '<input name="q" type="search"><login-form></login-form>';
    const shadow = document.querySelector('login-form')!.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<label for="u">Email</label><input id="u" name="u"><inner-box></inner-box>';
    shadow.querySelector('inner-box')!.attachShadow({ mode: 'open' }).innerHTML = '<input type="password" name="p">';
    const inputs = inputsOf(document);
    expect(inputs.map((input) => input.name)).toEqual(['q', 'u', 'p']);
    layOut(inputs);
    expect(findLoginFields(document, viewport())).toEqual({ username: byName('u'), password: byName('p'), otp: null });
  });

  it('reads a closed shadow root as nothing (the page keeps it to itself)', () => {
    document.body.innerHTML = '<login-form></login-form>';
    document.querySelector('login-form')!.attachShadow({ mode: 'closed' }).innerHTML = '<input type="password" name="p">';
    expect(inputsOf(document)).toEqual([]);
  });
});
