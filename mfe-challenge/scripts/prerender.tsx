// A guest's challenge link as HTML made at build time (`npm run build -w mfe-challenge`;
// @lp/web-platform/build/prerender.ts): the page's frame while the challenge loads, which the gateway sends a
// visitor opening /c/{token}, so a phone paints it before any script has run. The remote's page replaces it in
// the same frame once it renders (RemoteRoot).
import { writePrerendered } from '@lp/web-platform/build/prerender';
import { CHALLENGE_TITLE, ChallengeLinkPage } from '../src/pages/ChallengeLinkPage.tsx';

writePrerendered(`${import.meta.dirname}/..`, {
  pages: [{ path: '/c/:token', slot: 'remote', element: <ChallengeLinkPage params={{}} />, title: CHALLENGE_TITLE }],
});
