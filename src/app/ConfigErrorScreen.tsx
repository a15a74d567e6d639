import type { ConfigError } from '../data/config';

/** What a misconfigured build shows instead of failing somewhere inside the Firebase SDK. */
export function ConfigErrorScreen({ error }: { error: ConfigError }) {
  return (
    <main id="main" className="coming-soon">
      <h1>Keyloft is not configured</h1>
      <p>
        The build setting <code>{error.variable}</code> is wrong: {error.message.slice(error.variable.length + 2)}
      </p>
      <p>See .env.example in the repository for every setting.</p>
    </main>
  );
}
