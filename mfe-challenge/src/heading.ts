/** A page heading, with the build's optional label (`LP_HEADING_SUFFIX`, empty by default). */
export const heading = (title: string): string => title + (process.env.LP_HEADING_SUFFIX ?? '');
