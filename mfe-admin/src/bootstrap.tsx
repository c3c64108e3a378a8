/** Standalone page (`dist/index.html`, `npm run dev`): the remote on its own, with the design system's styles. */
import { startStandalone } from '@lp/ui/standalone';
import { remote } from './routes.tsx';

startStandalone(remote);
