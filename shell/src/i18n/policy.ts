// The policy pages' messages, registered when their chunk loads.
import { defineMessages } from '@lp/web-platform/i18n';
import { policyEn } from './policy-en.ts';

export { policyEn };
export const { useT: usePolicyT } = defineMessages('shell-policy', policyEn, { hi: () => import('./policy-hi.ts') });
