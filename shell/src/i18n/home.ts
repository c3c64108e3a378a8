// The signed-in home page's messages, registered when its chunk loads.
import { defineMessages } from '@lp/web-platform/i18n';
import { homeEn } from './home-en.ts';

export const { useT: useHomeT } = defineMessages('shell-home', homeEn, { hi: () => import('./home-hi.ts') });
