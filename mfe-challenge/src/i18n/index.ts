// The challenge remote's messages: the link's first screen (bundled with it) and, apart, play and results.
import { defineMessages } from '@lp/web-platform/i18n';
import { linkEn } from './link-en.ts';

export const { useT, t } = defineMessages('challenge', linkEn, { hi: () => import('./link-hi.ts') });
