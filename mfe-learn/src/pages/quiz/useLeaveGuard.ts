/**
 * Warns before a learner leaves a quiz in progress (issue 31 §6): a link elsewhere in the app (the header, a
 * breadcrumb) asks first, and closing or reloading the tab gets the browser's own "Leave site?" prompt. Nothing is
 * lost either way (answers are recorded as they are given and the dashboard offers the quiz to continue), but the
 * learner should choose to leave, not slip out by a stray tap.
 */
import { useEffect } from 'react';
import { en } from '../../i18n/quiz/index.ts';

export const LEAVE_QUIZ_CONFIRM = en['runner.leaveConfirm'];

/** Whether following `href` from `here` leaves the current page (another path or query; a hash alone does not). */
export function leavesPage(href: string, here: { href: string; origin: string; pathname: string; search: string }): boolean {
  let url: URL;
  try {
    url = new URL(href, here.href);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return url.origin !== here.origin || url.pathname !== here.pathname || url.search !== here.search;
}

const isPlainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

export function useLeaveGuard(active: boolean, message: string = LEAVE_QUIZ_CONFIRM): void {
  useEffect(() => {
    if (!active) return;
    // Set once the learner confirmed leaving, so a link that reloads the page (sign-out) does not ask twice.
    let confirmed = false;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || !isPlainClick(event)) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement)) return;
      if (anchor.target && anchor.target !== '_self') return;
      if (!leavesPage(anchor.href, window.location)) return;
      if (window.confirm(message)) {
        confirmed = true;
        return;
      }
      // Captured on the document, before the app's own link handler: the link neither routes nor loads.
      event.preventDefault();
      event.stopPropagation();
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (confirmed) return;
      event.preventDefault();
      // Older Chromium needs returnValue set to show the prompt.
      event.returnValue = '';
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [active, message]);
}
