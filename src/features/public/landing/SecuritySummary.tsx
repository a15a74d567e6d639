import { Link } from 'react-router-dom';
import { ARGON2ID_ITERATIONS, ARGON2ID_MEMORY_KIB, RSA_MODULUS_BITS } from '../../../crypto/parameters';

export function SecuritySummary() {
  return (
    <section className="landing-section landing-section--tinted" aria-labelledby="landing-security">
      <div className="container landing-security">
        <div>
          <h2 id="landing-security">Only you can read your passwords</h2>
          <p>
            Your master password never leaves your browser. It is stretched with Argon2id ({ARGON2ID_MEMORY_KIB / 1024} MiB
            of memory, {ARGON2ID_ITERATIONS} passes) into a key that unlocks your vault, and passwords
            and usernames are encrypted before they are sent to us. Teams share through per-member keys protected by
            RSA-OAEP {RSA_MODULUS_BITS}-bit key pairs.
          </p>
          <p>
            Because we never have your master password, we cannot recover it: if you forget it, your encrypted data is
            lost.
          </p>
          <Link to="/security" className="landing-security__link">
            Learn how Keyloft&rsquo;s encryption works
          </Link>
        </div>
      </div>
    </section>
  );
}
