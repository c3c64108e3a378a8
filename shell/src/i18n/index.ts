// The shell's messages: the chrome and landing page (bundled, English paints at once) and, apart, the signed-in home's.
import { defineMessages } from '@lp/web-platform/i18n';
import { en } from './en.ts';

export const { useT, t } = defineMessages('shell', en, { hi: () => import('./hi.ts') });
