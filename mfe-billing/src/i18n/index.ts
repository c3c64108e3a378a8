/** Billing's words (issue 33 §1): English bundled, Hindi a lazy chunk fetched only when it is the page's language. */
import { defineMessages } from '@lp/web-platform/i18n';
import { en } from './en.ts';

export { en };
export const { useT, t } = defineMessages('billing', en, { hi: () => import('./hi.ts') });
