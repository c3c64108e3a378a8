export const SEED_DIR: string;
export interface BilingualReport { file: string; questions: number; withHindi: number; withoutHindi: number; problems: string[] }
/** One chapter file's Hindi: counts and every broken rule (requireHindi: every object must carry hi). */
export function checkFile(path: string, options?: { requireHindi?: boolean }): BilingualReport;
/** The seed's chapter files (absolute paths), without the catalogue. */
export function chapterFiles(dir?: string): string[];
/** Named files must be fully bilingual; with none, every chapter file's Hindi is checked where present. */
export function checkBilingual(paths?: string[]): BilingualReport[];
