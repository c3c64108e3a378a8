/** The recall charts' words (issue 33 §1): registered by the lazily loaded progress-charts chunk only. */
import { defineMessages } from '@lp/web-platform/i18n';
import { en } from './en.ts';

export { en };
export const { useT, t } = defineMessages('learn.recall', en, { hi: () => import('./hi.ts') });
