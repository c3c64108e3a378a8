// Vitest setup for every front-end project: the dialog and the toaster load on first use in the browser;
// in tests they are loaded up front so a component renders them at once, as before.
import { preloadUi } from './src/Toaster.tsx';

await preloadUi();
