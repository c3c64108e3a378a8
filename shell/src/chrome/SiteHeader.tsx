import { AiBanner } from './AiBanner.tsx';
import { Nav } from './Nav.tsx';

/** The header: the navigation, and the AI banner when signed in. Also prerendered for visitors (scripts/prerender.tsx). */
export function SiteHeader({ signedIn }: { signedIn: boolean }) {
  return (
    <header className="lp-nav lp-header">
      <Nav />
      {signedIn && <AiBanner />}
    </header>
  );
}
