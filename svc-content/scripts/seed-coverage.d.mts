export const SEED_DIR: string;
export const BEGIN: string;
export const END: string;
/** The generated Markdown of seed/README.md's Coverage section. */
export function coverageSection(dir?: string): string;
/** The README with its Coverage section replaced. */
export function withCoverage(readme: string, section: string): string;
