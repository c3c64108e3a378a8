// Vitest setup for every front-end project: the dialog and the toaster load on first use in the browser;
// in tests they are loaded up front so a component renders them at once, as before.
import { configure } from '@testing-library/react';
import { preloadUi } from './src/Toaster.tsx';

// Lazy pages and panels arrive as chunks: on a busy 2-core machine that can take longer than the default second.
// A longer wait changes no verdict, only how long a failing find waits before it fails.
configure({ asyncUtilTimeout: 5_000 });

await preloadUi();
