// Placeholders until real customer stories can be published: generic roles only, no names.
const PLACEHOLDER_QUOTES = [
  {
    quote: 'We replaced a shared spreadsheet with team vaults, and onboarding a new hire now takes minutes.',
    role: 'Team lead, 8-person agency',
  },
  {
    quote: 'View Only access means contractors can log in to what they need without being able to change it.',
    role: 'IT administrator, 40-person nonprofit',
  },
  {
    quote: 'The generator and search are the features I use every day.',
    role: 'Founder, 3-person studio',
  },
] as const;

export function Testimonials() {
  return (
    <section className="landing-section landing-section--tinted" aria-labelledby="landing-testimonials">
      <div className="container">
        <h2 id="landing-testimonials" className="landing-section__title">
          What teams say
        </h2>
        <p className="landing-section__note">Placeholder quotes: example feedback, not from named customers.</p>
        <ul className="landing-quotes">
          {PLACEHOLDER_QUOTES.map((item) => (
            <li key={item.role} className="landing-quote">
              <figure>
                <blockquote>
                  <p>{item.quote}</p>
                </blockquote>
                <figcaption>{item.role}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
