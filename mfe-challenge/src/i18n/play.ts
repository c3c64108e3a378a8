// Play and results' messages, registered when their chunk loads.
import { defineMessages } from '@lp/web-platform/i18n';
import { playEn } from './play-en.ts';

export const { useT: usePlayT } = defineMessages('challenge-play', playEn, { hi: () => import('./play-hi.ts') });
