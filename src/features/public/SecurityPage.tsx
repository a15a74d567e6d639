import {
  AES_KEY_BITS,
  ARGON2ID_ITERATIONS,
  ARGON2ID_MEMORY_KIB,
  ARGON2ID_PARALLELISM,
  IV_BYTES,
  PBKDF2_ITERATIONS,
  RSA_MODULUS_BITS,
  SALT_BYTES,
  SHARED_SECRET_BYTES,
} from '../../crypto/parameters';
import { CONTACT_EMAILS, mailtoHref } from '@keyloft/contract/contact';
import { StaticPage, StaticSection } from './StaticPage';

// Every number on this page comes from the constants the crypto layer uses, so the page cannot
// drift from the code.
const ITERATIONS = PBKDF2_ITERATIONS.toLocaleString('en-US');
const SALT_BITS = SALT_BYTES * 8;
const AES = `AES-${AES_KEY_BITS}`;

export function SecurityPage() {
  return (
    <StaticPage
      title="How Keyloft Protects Your Passwords"
      intro="Keyloft is zero-knowledge: your passwords are encrypted and decrypted in your browser, so only you and the teammates you share with can read them. This page describes exactly how."
    >
      <StaticSection title="Two passwords, two jobs">
        <p>
          Your <strong>account password</strong> (or Google, Microsoft or GitHub sign-in) proves who you are to our
          servers. Your <strong>master password</strong> unlocks your vault and never leaves your browser. Use two
          different passwords. If you sign in with Google, Microsoft or GitHub, you still set a master password, and
          the provider never sees it.
        </p>
        <p>We never store your master password or a hash of it.</p>
      </StaticSection>

      <StaticSection title="From master password to keys">
        <ul>
          <li>Each user has a random {SALT_BITS}-bit salt.</li>
          <li>
            Your master password is stretched with Argon2id ({ARGON2ID_MEMORY_KIB / 1024} MiB of memory,{' '}
            {ARGON2ID_ITERATIONS} passes, {ARGON2ID_PARALLELISM} lanes) into a master key: every guess at it costs that
            memory, which is what password-cracking hardware lacks. This happens in your browser, and the master key
            never leaves it. Accounts made with PBKDF2-SHA-256 move to Argon2id the next time they unlock.
          </li>
          <li>
            The master key only wraps (encrypts) a random vault key and a check value that confirms your master
            password is correct. Changing your master password re-wraps the vault key; your entries are not
            re-encrypted.
          </li>
          <li>
            You can also unlock with a passkey you add in Settings, on a device and browser that support the WebAuthn
            PRF extension. The passkey derives a secret in its authenticator; through HKDF-SHA-256 it becomes a key
            that wraps the same vault key. That wrap is useless without the passkey itself, removing the passkey deletes
            it, and your master password keeps working everywhere.
          </li>
          <li>Unlocked keys are held in memory only and are cleared when you log out.</li>
        </ul>
      </StaticSection>

      <StaticSection title="How entries are encrypted">
        <ul>
          <li>
            Everything you type into an entry is encrypted with {AES}-GCM, with a fresh random {IV_BYTES}-byte IV each
            time, in two parts: the title, url and username, which the list opens, and the password, notes, one-time
            code secret and the entry's earlier passwords, which are opened only when you show, copy or edit them and
            are kept in memory only while your vault is unlocked.
            Group names and descriptions are encrypted the same way. Personal entries and groups are encrypted with your
            vault key, team ones with the team key.
          </li>
          <li>
            Each encrypted part is bound to its entry or group, to which part it is and to the key version, so a part
            moved elsewhere fails to decrypt instead of showing the wrong data. AES-GCM also detects any change to the
            stored data.
          </li>
          <li>
            Entries and groups saved before this encryption covered everything are encrypted this way in the background
            the next time you unlock your vault; a team&rsquo;s, the next time an owner, admin or Full Access member
            opens it. Once a vault or team holds none in the old form, our security rules refuse the old form there.
          </li>
          <li>
            A QR code image you give for a one-time code is read in your browser, and the password health report (weak,
            reused and old passwords) is worked out there too. So that it is quick, each entry keeps its password&rsquo;s
            strength score and a fingerprint keyed by your vault&rsquo;s (or team&rsquo;s) key inside its encrypted
            overview: they are stored only encrypted, no password nor any plain hash of one is ever sent, and the report
            itself is not stored.
          </li>
        </ul>
      </StaticSection>

      <StaticSection title="What is not encrypted">
        <p>
          We store these unencrypted: email addresses; team names and descriptions, because an invitation shows the
          team name before the person invited holds any key; team membership and roles; which team and which group an
          entry belongs to, as random ids; when entries and groups were created and changed; and how many there are.
        </p>
        <p>
          Each team keeps an activity log that its owners and admins can read: who (their email address at the time)
          changed what and when. It names entries and groups by random id and says which parts of an entry changed
          (its overview, password, notes or other details), never their values; a title is shown only in the browser of
          someone who can decrypt the entry. Our security rules refuse a change to a team&rsquo;s entries or groups
          that does not record itself in the log (a key rotation re-encrypting them is recorded once, as the rotation),
          and nobody can change or delete a record; each is deleted after 365 days.
        </p>
      </StaticSection>

      <StaticSection title="Teams and sharing">
        <ul>
          <li>
            Each user has an RSA-OAEP {RSA_MODULUS_BITS}-bit (SHA-256) key pair. The public key is stored so that
            teammates can share with you. The private key is stored encrypted with your vault key.
          </li>
          <li>
            Each team has an {AES} team key, stored once per member and encrypted with that member&rsquo;s public key.
            Only members who have been given the team key can read the team&rsquo;s passwords.
          </li>
          <li>
            Every team key comes with a check value that only someone holding the key can compute. Each member&rsquo;s
            browser checks the key it opens against it, so a wrong key is never used. A key change started by an
            admin takes effect only once the owner&rsquo;s browser has checked it, and a member whose copy does not
            open can be given the key again by anyone who holds it.
          </li>
          <li>
            Every invitation creates a {SHARED_SECRET_BYTES}-byte secret in your browser. It unlocks the copy of the
            team key kept with the invitation, and it is never stored on our servers: it travels only in the
            invitation link, in the part after &lsquo;#&rsquo;, which browsers do not send to any server. Inviting
            works the same whether or not the address has an account, so it does not tell you whether it has one.
          </li>
          <li>
            Who can see that secret depends on how the link travels. If you copy the link and send it yourself, no
            Keyloft server ever sees it: only you, the channel you chose and the person you invited. If you let us
            email it, our email service holds it in memory while sending (it is neither stored nor logged), and the
            email providers on the way can read the email like any other.
          </li>
          <li>
            Someone who joins without the link gets the team key from an owner or admin, encrypted for their public
            key after that person has seen its fingerprint, which they can read to you from their Account Settings.
            An invitation can only be read or accepted by the invited address once that address is verified, or
            accepted with the invitation link. Its copy of the team key is deleted when it is accepted, declined or
            cancelled, or within an hour of its expiry (after 7 days); if it ends without the person joining, the
            team key is replaced.
            Treat the link like a password all the same.
          </li>
        </ul>
      </StaticSection>

      <StaticSection title="Importing and exporting">
        <ul>
          <li>
            A file you import is read in your browser and never uploaded: each item is encrypted there like an entry you
            type, before anything is saved.
          </li>
          <li>
            An export is built in your browser after you enter your master password again. By default the file is
            encrypted with a password you choose for it: PBKDF2-SHA-256 at {ITERATIONS} iterations with a random {SALT_BITS}-bit salt, then {AES}-GCM with a random {IV_BYTES}-byte
            IV. A CSV or Bitwarden export is not encrypted: anyone who gets the file can read every password in it.
          </li>
        </ul>
      </StaticSection>

      <StaticSection title="Signing in">
        <p>
          Optional two-factor authentication protects sign-in with a code from an SMS or an authenticator app. It is
          available for accounts that sign in with email and password.
        </p>
      </StaticSection>

      <StaticSection title="If you forget your master password">
        <p>
          The master password cannot be recovered. Nobody, including us, can decrypt your vault without it or a
          passkey you added for unlocking: if you forget it and have no such passkey, your encrypted data is lost. Resetting your account password lets you sign in again but does not
          unlock your vault.
        </p>
      </StaticSection>

      <StaticSection title="Choosing a master password">
        <p>
          We recommend a master password of at least 12 characters that mixes upper and lower case letters, digits and
          symbols. Do not use it anywhere else, and keep it different from your account password.
        </p>
      </StaticSection>

      <StaticSection title="Questions">
        <p>
          Write to <a href={mailtoHref('support')}>{CONTACT_EMAILS.support}</a>.
        </p>
      </StaticSection>
    </StaticPage>
  );
}
