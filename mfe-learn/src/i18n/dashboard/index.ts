/**
 * The dashboard's words (issue 33 §1). Learn has a catalogue per area (dashboard, quiz, other pages) rather than one:
 * the dashboard's first load carries only its own English (its byte budget); each Hindi catalogue is a chunk of its
 * own, fetched only when Hindi is the page's language.
 */
import { defineMessages } from '@lp/web-platform/i18n';
import { en } from './en.ts';

export { en };
export const { useT, t } = defineMessages('learn.dashboard', en, { hi: () => import('./hi.ts') });
