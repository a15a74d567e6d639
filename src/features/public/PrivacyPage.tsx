import { CONTACT_EMAILS, mailtoHref } from '@keyloft/contract/contact';
import { LEGAL_LAST_UPDATED } from './constants';
import { StaticPage, StaticSection } from './StaticPage';

export function PrivacyPage() {
  return (
    <StaticPage
      title="Privacy Policy"
      lastUpdated={LEGAL_LAST_UPDATED}
      intro="Keyloft is a password manager for individuals and teams. This policy explains what we store, what we cannot read and what happens when you delete your account."
    >
      <StaticSection title="What we store">
        <ul>
          <li>
            <strong>Account details:</strong> your email address, how you sign in (email and password, Google,
            Microsoft or GitHub), when your account was created and, if you turn on two-factor authentication, your
            phone number or authenticator enrolment.
          </li>
          <li>
            <strong>Encrypted vault data:</strong> everything in your entries (title, url, username, password, notes,
            one-time code secret and earlier passwords), the names and descriptions of your groups, your encrypted private key, your public key, your salt
            and the encrypted team keys made for you. We store these only in encrypted form, apart from the public key
            and salt, which are not secret.
          </li>
          <li>
            <strong>Unencrypted data:</strong> team names and descriptions; team membership and roles; which team and
            group each entry belongs to, as random ids; when entries and groups were created and changed; and
            invitations, including the invited email address.
          </li>
          <li>
            <strong>Team activity logs:</strong> for each team, a record of who changed what and when: the member&rsquo;s
            email address at the time, the kind of change (an entry or group created, edited, moved or deleted; which
            parts of an entry changed, never their values; invitations, members, roles and key changes) and the
            entry, group or member it concerns, by id. Owners and admins of the team can read it. Each record is
            deleted after 365 days; the log of a deleted team stays readable to its former owner until then.
          </li>
          <li>
            <strong>Subscription status:</strong> your plan, its status and trial and billing dates, and the reference
            numbers our payment processor gives us. Payments are handled by the payment processor: you enter card
            details on its checkout page, and they never reach our servers.
          </li>
        </ul>
      </StaticSection>

      <StaticSection title="What we cannot read">
        <p>
          Everything in your entries and groups is encrypted in your browser with keys that come from your master
          password. We never receive your master password or those keys, so we cannot read your entries and cannot hand
          them over to anyone in readable form. Entries saved before this covered their title, url and notes are
          encrypted this way the next time you unlock your vault.
        </p>
      </StaticSection>

      <StaticSection title="How we use your data">
        <p>
          We use your data only to run Keyloft: to sign you in, to store and sync your vault, to share entries within
          your teams, to manage your subscription and to send the emails the service needs, such as email
          verification, password reset, team invitations and security notifications about your account.
        </p>
      </StaticSection>

      <StaticSection title="Service providers">
        <p>
          Keyloft runs on a cloud platform that provides our authentication, database and server functions. Payments
          go through our payment processor. A bot-protection check runs when you sign up and when you verify a phone
          number.
        </p>
      </StaticSection>

      <StaticSection title="What we do not do">
        <p>We do not sell your data, and we do not use it for advertising.</p>
      </StaticSection>

      <StaticSection title="Data in your browser">
        <p>
          While your vault is unlocked, its keys are held in your browser&rsquo;s memory. Your private key, still
          encrypted, is kept in the tab&rsquo;s session storage. Both are cleared when you log out.
        </p>
        <p>
          Unless you turn it off in your account settings, your browser also keeps a copy of your vault, so that it
          opens when the network is down. The copy is encrypted as it is on our servers: it opens only with your master
          password. Logging out offers to remove it. Deleting your account removes it from the browser you delete it
          in (while another Keyloft tab holds it there, the page offers to remove it instead); a copy in another browser stays until you
          remove it there, and it still opens only with your master password.
        </p>
      </StaticSection>

      <StaticSection title="Deleting your account">
        <p>
          You can delete your account from your account settings. Deleting your account cancels any subscription at
          once and removes your data from Keyloft, except what you wrote in teams you joined (it stays with those
          teams), the records of your changes in teams&rsquo; activity logs (with your email address; each is
          deleted 365 days after the change) and a record of the account id and the time it was deleted, so that the
          account cannot be used again. Our payment processor keeps its own billing records. Backups are deleted within 30 days of account
          deletion.
        </p>
      </StaticSection>

      <StaticSection title="Changes to this policy">
        <p>When this policy changes, we update the date at the top of this page.</p>
      </StaticSection>

      <StaticSection title="Contact">
        <p>
          Questions about privacy: <a href={mailtoHref('privacy')}>{CONTACT_EMAILS.privacy}</a>.
        </p>
      </StaticSection>
    </StaticPage>
  );
}
