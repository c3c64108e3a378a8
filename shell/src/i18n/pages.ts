// The shell's other pages' messages (policies, 404), registered when their chunks load.
import { defineMessages } from '@lp/web-platform/i18n';
import { pagesEn } from './pages-en.ts';

export { pagesEn };
export const { useT: usePagesT } = defineMessages('shell-pages', pagesEn, { hi: () => import('./pages-hi.ts') });
