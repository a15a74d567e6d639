// The item form (issue #44), driven by the keyboard alone: 'New item' with a choice of kind, each
// kind's fields, custom fields and the favourite mark on every kind, and the Edit of an item.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ItemFormDialog } from '../../../../src/features/vault/itemForm/ItemFormDialog';
import type { Item } from '../../../../src/features/vault/items/kinds';
import type { PasswordEntry } from '../../../../src/features/vault/model';
import { PasswordConflictError } from '../../../../src/features/vault/vaultErrors';
import { ED25519_FINGERPRINT, ED25519_PRIVATE, ED25519_PUBLIC } from '../../../unit/crypto/sshKeyFixtures';
import { GROUPS, makeEntry } from '../list/harness';

type Submit = (item: Item, groupId: string | null, existing: PasswordEntry | null) => Promise<void>;

function renderForm(editing: { entry: PasswordEntry; item: Item } | null = null, submit: Submit = () => Promise.resolve()) {
  const user = userEvent.setup();
  const onSubmit = vi.fn<Submit>(submit);
  const onClose = vi.fn();
  render(<ItemFormDialog open editing={editing} groups={GROUPS} onSubmit={onSubmit} onClose={onClose} />);
  return { user, onSubmit, onClose };
}

/** Tab (forward) until `target` has focus: how a keyboard user reaches a field. */
async function tabTo(user: UserEvent, target: HTMLElement) {
  for (let presses = 0; presses < 80 && document.activeElement !== target; presses += 1) await user.tab();
  expect(document.activeElement).toBe(target);
}

async function typeInto(user: UserEvent, target: HTMLElement, text: string) {
  await tabTo(user, target);
  await user.keyboard(text);
}

/** Picks a kind among the radios with the arrow keys, as the keyboard does. */
async function chooseKind(user: UserEvent, name: string) {
  await tabTo(user, screen.getByRole('radio', { name: 'Login' }));
  for (let presses = 0; presses < 5 && !screen.getByRole('radio', { name }).matches(':checked'); presses += 1) await user.keyboard('{ArrowRight}');
  expect(screen.getByRole('radio', { name })).toBeChecked();
}

const input = (label: string) => screen.getByLabelText(label, { selector: 'input' });
const textarea = (label: string) => screen.getByLabelText(label, { selector: 'textarea' });

async function save(user: UserEvent) {
  await tabTo(user, screen.getByRole('button', { name: 'Save' }));
  await user.keyboard('{Enter}');
}

describe('New item', () => {
  it('offers every kind, login first', () => {
    renderForm();
    expect(screen.getByRole('dialog', { name: 'New item' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['login', 'note', 'card', 'identity', 'ssh']);
    expect(screen.getByRole('radio', { name: 'Login' })).toBeChecked();
  });

  it('saves a card: number kept as digits, expiry read, the brand shown as it is typed', async () => {
    const { user, onSubmit, onClose } = renderForm();
    await chooseKind(user, 'Card');
    await typeInto(user, input('Title'), 'Travel card');
    await typeInto(user, input('Cardholder'), 'Ana Lima');
    await typeInto(user, input('Card number'), '4242 4242 4242 4242');
    expect(screen.getByText('Visa')).toBeInTheDocument();
    expect(input('Card number')).toHaveAttribute('type', 'password');
    await typeInto(user, input('Expiry'), '12/30');
    await typeInto(user, input('Security code'), '123');
    expect(input('Security code')).toHaveAttribute('type', 'password');
    await save(user);
    await waitFor(() => {
      expect(onClose).toHaveBeenCalled();
    });
    expect(onSubmit).toHaveBeenCalledWith(
      { kind: 'card', title: 'Travel card', notes: '', favourite: false, customFields: [], fields: { cardholder: 'Ana Lima', number: '4242424242424242', expiry: { month: 12, year: 2030 }, code: '123' } },
      null,
      null,
    );
  });

  it('says what is wrong with a card, on its field, and focuses the first', async () => {
    const { user, onSubmit } = renderForm();
    await chooseKind(user, 'Card');
    await typeInto(user, input('Title'), 'Bad card');
    await typeInto(user, input('Card number'), '4242 4242 4242 4243');
    await typeInto(user, input('Expiry'), '13/30');
    await save(user);
    expect(await screen.findByText('Check the card number')).toBeInTheDocument();
    expect(screen.getByText('Enter the expiry as MM/YY')).toBeInTheDocument();
    await waitFor(() => {
      expect(input('Card number')).toHaveFocus();
    });
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('saves a login with several URLs, each with its rule, a hidden custom field and the favourite mark', async () => {
    const { user, onSubmit } = renderForm();
    await typeInto(user, input('Title'), 'Bank');
    await typeInto(user, input('URL 1'), 'bank.example/login');
    await tabTo(user, screen.getByRole('button', { name: 'Add URL' }));
    await user.keyboard('{Enter}');
    await typeInto(user, input('URL 2'), 'https://www.bank.example/');
    await tabTo(user, screen.getByRole('combobox', { name: 'Match for URL 2' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Match for URL 2' }), 'Same site');
    await typeInto(user, input('Username'), 'ana');
    await typeInto(user, input('Password'), 'correct horse');
    await tabTo(user, screen.getByRole('button', { name: 'Add field' }));
    await user.keyboard('{Enter}');
    await typeInto(user, input('Name of field 1'), 'PIN');
    await tabTo(user, screen.getByRole('combobox', { name: 'Type of field 1' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type of field 1' }), 'Hidden');
    await typeInto(user, input('Value of field 1'), '4321');
    expect(input('Value of field 1')).toHaveAttribute('type', 'password');
    await tabTo(user, screen.getByRole('checkbox', { name: 'Favourite' }));
    await user.keyboard(' ');
    await save(user);
    await waitFor(() => {
      expect(onSubmit).toHaveBeenCalled();
    });
    const [item] = onSubmit.mock.calls[0]!;
    expect(item).toEqual({
      kind: 'login',
      title: 'Bank',
      notes: '',
      favourite: true,
      customFields: [{ name: 'PIN', type: 'hidden', value: '4321' }],
      fields: {
        urls: [
          { url: 'https://bank.example/login', match: 'origin' },
          { url: 'https://www.bank.example/', match: 'site' },
        ],
        username: 'ana',
        password: 'correct horse',
        otp: null,
        history: [],
      },
    });
  });

  it('drops an empty URL row and says a bad URL is not a web address', async () => {
    const { user, onSubmit } = renderForm();
    await typeInto(user, input('Title'), 'Site');
    await typeInto(user, input('URL 1'), 'ftp://files.example');
    await typeInto(user, input('Username'), 'ana');
    await typeInto(user, input('Password'), 'pw');
    await save(user);
    expect(await screen.findByText('Enter a web address, such as https://example.com')).toBeInTheDocument();
    await waitFor(() => {
      expect(input('URL 1')).toHaveFocus();
    });
    await user.clear(input('URL 1'));
    await save(user);
    await waitFor(() => {
      expect(onSubmit).toHaveBeenCalled();
    });
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ kind: 'login', fields: { urls: [] } });
  });

  it('saves a secure note: its text is the notes, a yes/no field a boolean', async () => {
    const { user, onSubmit } = renderForm();
    await chooseKind(user, 'Secure note');
    expect(screen.queryByLabelText('Username')).toBeNull();
    await typeInto(user, input('Title'), 'Wi-Fi');
    await typeInto(user, textarea('Note'), 'Network: home');
    await tabTo(user, screen.getByRole('button', { name: 'Add field' }));
    await user.keyboard('{Enter}');
    await typeInto(user, input('Name of field 1'), 'Guest network');
    await tabTo(user, screen.getByRole('combobox', { name: 'Type of field 1' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type of field 1' }), 'Yes/no');
    await tabTo(user, screen.getByRole('checkbox', { name: 'Value of field 1' }));
    await user.keyboard(' ');
    await save(user);
    await waitFor(() => {
      expect(onSubmit).toHaveBeenCalled();
    });
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      kind: 'note',
      title: 'Wi-Fi',
      notes: 'Network: home',
      favourite: false,
      customFields: [{ name: 'Guest network', type: 'boolean', value: true }],
      fields: {},
    });
  });

  it('saves an identity, its document numbers typed masked', async () => {
    const { user, onSubmit } = renderForm();
    await chooseKind(user, 'Identity');
    await typeInto(user, input('Title'), 'Me');
    await typeInto(user, input('First name'), 'Ana');
    await typeInto(user, input('Last name'), 'Lima');
    await typeInto(user, input('Email'), 'ana@example.com');
    await typeInto(user, input('City'), 'Lisbon');
    expect(input('Passport number')).toHaveAttribute('type', 'password');
    await typeInto(user, input('Passport number'), 'P1234567');
    await save(user);
    await waitFor(() => {
      expect(onSubmit).toHaveBeenCalled();
    });
    const [item] = onSubmit.mock.calls[0]!;
    expect(item).toMatchObject({ kind: 'identity', title: 'Me', fields: { firstName: 'Ana', lastName: 'Lima', email: 'ana@example.com', city: 'Lisbon', passportNumber: 'P1234567', nationalId: '' } });
  });

  it('saves an SSH key with its fingerprint computed from the public key the private key file carries', async () => {
    const { user, onSubmit } = renderForm();
    await chooseKind(user, 'SSH key');
    await typeInto(user, input('Title'), 'Deploy key');
    await tabTo(user, textarea('Private key'));
    await user.paste(ED25519_PRIVATE);
    await save(user);
    await waitFor(() => {
      expect(onSubmit).toHaveBeenCalled();
    });
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      kind: 'ssh',
      fields: { privateKey: ED25519_PRIVATE.trim(), publicKey: ED25519_PUBLIC, fingerprint: ED25519_FINGERPRINT },
    });
  });

  it('refuses a public key that is not the private key’s', async () => {
    const { user, onSubmit } = renderForm();
    await chooseKind(user, 'SSH key');
    await typeInto(user, input('Title'), 'Mixed');
    await tabTo(user, textarea('Private key'));
    await user.paste(ED25519_PRIVATE);
    await tabTo(user, textarea('Public key'));
    await user.paste('ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA other');
    await save(user);
    expect(await screen.findByText('This is not the public key of the private key above')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('generates an Ed25519 key on request where WebCrypto has it, else says to paste one', async () => {
    const { user } = renderForm();
    await chooseKind(user, 'SSH key');
    await typeInto(user, input('Title'), 'New key');
    await tabTo(user, screen.getByRole('button', { name: 'Generate a new key' }));
    await user.keyboard('{Enter}');
    const said = await screen.findByText(/A new Ed25519 key was generated\.|This browser cannot make Ed25519 keys/);
    if (said.textContent === 'A new Ed25519 key was generated.') {
      expect((textarea('Public key') as HTMLTextAreaElement).value).toMatch(/^ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI\S+ New key$/);
      expect((textarea('Private key') as HTMLTextAreaElement).value).toContain('-----BEGIN OPENSSH PRIVATE KEY-----');
    }
  });

  it('keeps the title, notes and custom fields when the kind changes', async () => {
    const { user } = renderForm();
    await typeInto(user, input('Title'), 'Kept');
    await chooseKind(user, 'Card');
    expect(input('Title')).toHaveValue('Kept');
  });
});

describe('Edit', () => {
  const card: Item = { kind: 'card', title: 'Visa', notes: 'n', favourite: true, customFields: [], fields: { cardholder: 'Ana', number: '4242424242424242', expiry: { month: 3, year: 2029 }, code: '999' } };
  const entry = makeEntry('c1', { title: 'Visa', groupId: 'g-work' });

  it('opens with the item’s values, no kind choice, and saves over the entry in its group', async () => {
    const { user, onSubmit } = renderForm({ entry, item: card });
    expect(screen.getByRole('dialog', { name: 'Edit Card' })).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(input('Expiry')).toHaveValue('03/29');
    expect(screen.getByRole('checkbox', { name: 'Favourite' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Group' })).toHaveValue('g-work');
    await typeInto(user, input('Cardholder'), '{End} Lima');
    await save(user);
    await waitFor(() => {
      expect(onSubmit).toHaveBeenCalled();
    });
    expect(onSubmit).toHaveBeenCalledWith({ ...card, fields: { ...card.fields, cardholder: 'Ana Lima' } }, 'g-work', entry);
  });

  it('shows a conflict and stays open', async () => {
    const { user, onClose } = renderForm({ entry, item: card }, () => Promise.reject(new PasswordConflictError(entry)));
    await save(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('This password was changed since you opened it.');
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('Limits (itemLimits.ts)', () => {
  const urls = Array.from({ length: 20 }, (_, at) => ({ url: `https://site-${String(at + 1)}.example`, match: 'origin' as const }));
  const login: Item = { kind: 'login', title: 'Many', notes: '', favourite: false, customFields: [], fields: { urls, username: 'ana', password: 'pw', otp: null, history: [] } };
  const fields = (count: number, value: string) => Array.from({ length: count }, (_, at) => ({ name: `Field ${String(at + 1)}`, type: 'text' as const, value }));

  /** Presses a button from the keyboard (focused directly: tabbing past a hundred fields proves nothing more). */
  async function press(user: UserEvent, name: string) {
    screen.getByRole('button', { name }).focus();
    await user.keyboard('{Enter}');
  }

  it('Add URL at twenty says a login keeps no more, and adds none', async () => {
    const { user } = renderForm({ entry: makeEntry('l1', { title: 'Many' }), item: login });
    await press(user, 'Add URL');
    expect(screen.getByRole('alert')).toHaveTextContent('A login keeps at most 20 web addresses');
    expect(screen.queryByLabelText('URL 21')).toBeNull();
    await press(user, 'Remove URL 20');
    expect(screen.queryByRole('alert')).toBeNull();
    await press(user, 'Add URL');
    expect(input('URL 20')).toHaveValue('');
  });

  it('Add field at fifty says an item keeps no more, and adds none', async () => {
    const note: Item = { kind: 'note', title: 'Codes', notes: '', favourite: false, customFields: fields(50, 'v'), fields: {} };
    const { user } = renderForm({ entry: makeEntry('n1', { title: 'Codes' }), item: note });
    await press(user, 'Add field');
    expect(screen.getByRole('alert')).toHaveTextContent('An item keeps at most 50 custom fields');
    expect(screen.queryByLabelText('Name of field 51')).toBeNull();
  });

  it('refuses to save an item too large to store, saying so, and saves nothing', async () => {
    const note: Item = { kind: 'note', title: 'Archive', notes: '', favourite: false, customFields: fields(50, 'é'.repeat(10_000)), fields: {} };
    const { user, onSubmit, onClose } = renderForm({ entry: makeEntry('n2', { title: 'Archive' }), item: note });
    await press(user, 'Save');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^This item is too large to store: its notes, custom fields and other hidden values take \d+ KB of the 512 KB an item may hold\.$/);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});
