// A 1Password 1PUX file holding an item of every kind (issue #44), its layout from 1Password's
// documentation of the format: categories 001 login, 002 card, 003 note, 004 identity, 114 SSH key;
// section field values keyed by their type. Read by the parser's unit test and imported through the
// screen by the browser tier (tests/browser/itemKindsImport.test.ts).
import { strToU8, zipSync } from 'fflate';

const FAKE_SSH_KEY = { privateKey: '-----BEGIN PRIVATE KEY-----\nMC4\n-----END PRIVATE KEY-----\n', publicKey: 'ssh-ed25519 AAAA' };

export const field = (title: string, id: string, value: Record<string, unknown>) => ({ title, id, value });

/** The export.data of a 1PUX whose SSH key item holds these keys (a made-up pair by default). */
export function everyKindData(ssh: { readonly privateKey: string; readonly publicKey: string } = FAKE_SSH_KEY): Record<string, unknown> {
  return {
    accounts: [
      {
        attrs: { name: 'Ada' },
        vaults: [
          {
            attrs: { name: 'Private' },
            items: [
              {
                uuid: 'l1',
                favIndex: 1,
                state: 'active',
                categoryUuid: '001',
                overview: { title: 'Mail', url: 'https://mail.example.com', urls: [{ url: 'https://mail.example.com' }, { url: 'https://webmail.example.com' }], tags: ['work'] },
                details: {
                  loginFields: [
                    { designation: 'username', name: 'user', value: 'ana' },
                    { designation: 'password', name: 'pass', value: 'pw' },
                  ],
                  notesPlain: 'Mail notes',
                  sections: [{ title: 'Security', fields: [field('one-time password', 'totp', { totp: 'JBSWY3DPEHPK3PXP' }), field('recovery', 'rec', { concealed: 'r-1' })] }],
                },
              },
              { uuid: 'n1', state: 'active', categoryUuid: '003', overview: { title: 'Door' }, details: { notesPlain: 'Code 4711' } },
              {
                uuid: 'c1',
                state: 'active',
                categoryUuid: '002',
                overview: { title: 'Visa' },
                details: {
                  sections: [
                    {
                      title: '',
                      fields: [
                        field('cardholder name', 'cardholder', { string: 'Ana Lima' }),
                        field('type', 'type', { cctype: 'visa' }),
                        field('number', 'ccnum', { creditCardNumber: '4111111111111111' }),
                        field('verification number', 'cvv', { concealed: '123' }),
                        field('expiry date', 'expiry', { monthYear: 203107 }),
                        field('PIN', 'pin', { concealed: '0000' }),
                      ],
                    },
                  ],
                },
              },
              {
                uuid: 'i1',
                state: 'active',
                categoryUuid: '004',
                overview: { title: 'Me' },
                details: {
                  sections: [
                    {
                      title: 'Identification',
                      fields: [
                        field('first name', 'firstname', { string: 'Ana' }),
                        field('last name', 'lastname', { string: 'Lima' }),
                        field('birth date', 'birthdate', { date: 1445472000 }),
                        field('company', 'company', { string: 'Co' }),
                      ],
                    },
                    { title: 'Address', fields: [field('address', 'address', { address: { street: '1 Road', city: 'London', zip: 'N1', country: 'gb' } }), field('default phone', 'defphone', { phone: '+44 1' })] },
                    { title: 'Internet Details', fields: [field('email', 'email', { email: { email_address: 'ana@example.org' } })] },
                  ],
                },
              },
              {
                uuid: 's1',
                state: 'active',
                categoryUuid: '114',
                overview: { title: 'Deploy key' },
                details: {
                  sections: [
                    {
                      title: '',
                      fields: [field('private key', 'private_key', { sshKey: { privateKey: 'raw', metadata: { privateKey: ssh.privateKey, publicKey: ssh.publicKey } } })],
                    },
                  ],
                },
              },
            ],
          },
        ],
      },
    ],
  };
}

/** A .1pux as 1Password writes it: export.attributes and export.data. */
export function onePuxOf(data: Record<string, unknown>): Uint8Array {
  return zipSync({ 'export.attributes': strToU8('{"version":3}'), 'export.data': strToU8(JSON.stringify(data)) });
}
