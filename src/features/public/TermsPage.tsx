import { CONTACT_EMAILS, mailtoHref } from '@keyloft/contract/contact';
import { LEGAL_LAST_UPDATED, TRIAL_DAYS } from './constants';
import { StaticPage, StaticSection } from './StaticPage';

export function TermsPage() {
  return (
    <StaticPage
      title="Terms of Service"
      lastUpdated={LEGAL_LAST_UPDATED}
      intro="These terms apply when you create a Keyloft account or use the service. Please read them with our privacy policy."
    >
      <StaticSection title="Who can use Keyloft">
        <p>Keyloft is a service for adults aged 18 and over. By creating an account you confirm that you are 18 or older.</p>
      </StaticSection>

      <StaticSection title="Your account and master password">
        <p>
          You are responsible for keeping your account password and your master password secret, and for what happens
          in your account. Your master password encrypts your vault in your browser and cannot be recovered: if you
          forget it, your encrypted data is lost and we cannot restore it.
        </p>
      </StaticSection>

      <StaticSection title="Teams">
        <p>
          The team owner has full control of a team: adding and removing members, managing permissions and deleting the
          team. Deleting a team also deletes its passwords. Members can see and change the team&rsquo;s passwords as
          their role allows (Owner, Admin, Full Access or View Only).
        </p>
      </StaticSection>

      <StaticSection title="Plans and billing">
        <p>
          A new account starts with a {TRIAL_DAYS}-day trial of the Unlimited plan, without a credit card. After the
          trial you can continue on the Free plan or choose a paid plan. Paid plans are billed through our payment
          processor for each billing period until you cancel or move to the Free plan.
        </p>
      </StaticSection>

      <StaticSection title="Acceptable use">
        <p>
          Do not use Keyloft to store or share unlawful content, to try to reach data that is not yours, to probe or
          break the service&rsquo;s security, or to overload it.
        </p>
      </StaticSection>

      <StaticSection title="Deleting your account">
        <p>
          You can delete your account at any time from your account settings. Deleting your account removes your data and cancels any subscription at once, without a prorated refund.
          Backups are deleted within 30 days of account deletion.
        </p>
      </StaticSection>

      <StaticSection title="Availability">
        <p>
          We work to keep Keyloft available and secure, but the service is provided as is and we cannot promise that it
          will always be available or free of errors.
        </p>
      </StaticSection>

      <StaticSection title="Changes to these terms">
        <p>When these terms change, we update the date at the top of this page.</p>
      </StaticSection>

      <StaticSection title="Contact">
        <p>
          Questions about these terms: <a href={mailtoHref('legal')}>{CONTACT_EMAILS.legal}</a>.
        </p>
      </StaticSection>
    </StaticPage>
  );
}
