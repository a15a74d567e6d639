import { Button } from '../../../ui/Button';
import { TRIAL_DAYS } from '../constants';

export function Hero({ onGetStarted }: { onGetStarted: () => void }) {
  return (
    <section className="landing-hero" aria-labelledby="landing-title">
      <div className="container landing-hero__inner">
        <h1 id="landing-title">Secure Password Management for Teams</h1>
        <p className="landing-hero__subtitle">
          Store, share and organise your team&rsquo;s passwords. Everything secret is encrypted in your browser, so only
          you and your team can read it.
        </p>
        <div className="landing-cta">
          <Button size="lg" onClick={onGetStarted}>
            Get Started Free
          </Button>
          <p className="landing-cta__note">
            <strong>No credit card required!</strong> Start with a {TRIAL_DAYS}-day trial of the Unlimited plan.
          </p>
        </div>
      </div>
    </section>
  );
}
