// The marketing pages' messages, registered when the landing or home page's chunk loads.
import { defineMessages } from '@lp/web-platform/i18n';
import { marketingEn } from './marketing-en.ts';

export const { useT: useMarketingT } = defineMessages('shell-marketing', marketingEn, { hi: () => import('./marketing-hi.ts') });
