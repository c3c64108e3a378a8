// The signed-in chrome's messages, registered when the menus' (or the disclaimer's) chunk loads.
import { defineMessages } from '@lp/web-platform/i18n';
import { accountEn } from './account-en.ts';

export const { useT: useAccountT, t: accountT } = defineMessages('shell-account', accountEn, { hi: () => import('./account-hi.ts') });
