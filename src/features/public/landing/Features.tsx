import { AES_KEY_BITS } from '../../../crypto/parameters';
import { PRODUCT_NAME } from '../../../ui/brand';
import { FeatureIcon, type FeatureIconName } from './FeatureIcon';

const FEATURES = [
  {
    icon: 'shield',
    title: 'Enterprise Security',
    text: `Zero-knowledge encryption: passwords and usernames are encrypted with AES-${AES_KEY_BITS}-GCM in your browser before they are stored, so we cannot read them.`,
  },
  {
    icon: 'team',
    title: 'Team Collaboration',
    text: 'Share passwords in teams with the roles Owner, Admin, Full Access and View Only. Each member gets the team key encrypted just for them.',
  },
  {
    icon: 'search',
    title: 'Easy to Use',
    text: 'Find any entry with search, create strong passwords with the built-in generator and keep things tidy with groups.',
  },
] as const satisfies readonly { icon: FeatureIconName; title: string; text: string }[];

export function Features() {
  return (
    <section className="landing-section" aria-labelledby="landing-features">
      <div className="container">
        <h2 id="landing-features" className="landing-section__title">
          Why teams choose {PRODUCT_NAME}
        </h2>
        <ul className="landing-features">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="landing-feature">
              <span className="landing-feature__badge">
                <FeatureIcon name={feature.icon} />
              </span>
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
