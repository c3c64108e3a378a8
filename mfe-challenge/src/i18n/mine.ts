// The create dialog's and /challenge/:id's messages, registered when either chunk loads.
import { defineMessages } from '@lp/web-platform/i18n';
import { mineEn } from './mine-en.ts';

export { mineEn };
export const { useT: useMineT, t: mineT } = defineMessages('challenge-mine', mineEn, { hi: () => import('./mine-hi.ts') });
