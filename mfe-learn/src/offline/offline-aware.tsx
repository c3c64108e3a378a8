/**
 * A learn page that needs the network, made offline-aware (issue 33 §2): a signed-in learner with no connection gets
 * the offline page (what they downloaded, what waits to be sent) instead of the page's errors. Visitors and online
 * learners get the page itself. The offline page is a chunk of its own, fetched only offline.
 */
import { createElement } from 'react';
import type { RoutePage } from '@lp/web-platform';
import { useSession } from '@lp/web-platform';
import { lazyPage } from '@lp/ui/remote';
import { useOnline } from './online.ts';

const OfflinePage = lazyPage(() => import('./OfflineStudy.tsx'), 'OfflinePage');

export function offlineAware(Page: RoutePage): RoutePage {
  return function OfflineAwarePage(props) {
    const online = useOnline();
    const signedIn = useSession((s) => s.user !== null);
    return online || !signedIn ? createElement(Page, props) : createElement(OfflinePage, props);
  };
}
