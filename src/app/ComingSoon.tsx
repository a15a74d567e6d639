import { Link } from 'react-router-dom';

/**
 * Holds a route of the table whose screen a later issue builds. Loaded lazily like the real
 * screen will be, so the split between public pages and signed-in code is already in place.
 */
export default function ComingSoon({ title }: { title: string }) {
  return (
    <main id="main" className="coming-soon">
      <h1>{title}</h1>
      <p>This screen is not built yet.</p>
      <p>
        <Link to="/">Back to Home</Link>
      </p>
    </main>
  );
}
