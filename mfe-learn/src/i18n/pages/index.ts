/** Learn's other pages' words (issue 33 §1): see `../dashboard/index.ts` for why learn has a catalogue per area. */
import { defineMessages } from '@lp/web-platform/i18n';
import { en } from './en.ts';

export { en };
export const { useT, t } = defineMessages('learn.pages', en, { hi: () => import('./hi.ts') });
