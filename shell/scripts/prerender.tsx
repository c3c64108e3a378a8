// The visitor's header and footer, and the landing page, as HTML made at build time (`npm run build -w shell`;
// @lp/web-platform/build/prerender.ts): the gateway sends them to a browser without a sign-in, which paints the
// landing page before any script has run. The shell takes over in one task once it knows who is there.
import { writePrerendered } from '@lp/web-platform/build/prerender';
import { Footer } from '../src/chrome/Footer.tsx';
import { SiteHeader } from '../src/chrome/SiteHeader.tsx';
import { LANDING_DOCUMENT_TITLE, LandingPage } from '../src/pages/LandingPage.tsx';

writePrerendered(`${import.meta.dirname}/..`, {
  header: <SiteHeader signedIn={false} />,
  footer: <Footer />,
  pages: [{ path: '/', slot: 'shell', element: <LandingPage />, title: LANDING_DOCUMENT_TITLE }],
});
