/**
 * A page heading, with the build's optional label (`LP_HEADING_SUFFIX`, empty by default), which the build defines
 * per app (`build/app-config.ts`). `@lp/web-platform/heading` is not a shared module: each remote bundles its own
 * copy, so a remote rebuilt with a label shows it without the shell being rebuilt (e2e/platform.e2e.test.ts).
 */
export const heading = (title: string): string => title + (process.env.LP_HEADING_SUFFIX ?? '');
