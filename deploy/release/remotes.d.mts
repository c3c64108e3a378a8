// Types of remotes.mjs, for TypeScript callers (the e2e test of a published version).
export const ENVIRONMENTS: string[];
export const REMOTES: string[];
export function pointerFile(staticRoot: string, env: string): string;
export function versionDir(staticRoot: string, name: string, version: string): string;
export function manifestUrl(name: string, version: string, publicBase?: string): string;
export function readPointer(staticRoot: string, env: string, overlays?: string): Promise<Record<string, string>>;
export function replaceAtomically(file: string, content: string): Promise<void>;
export function versionOfBuild(distDir: string): Promise<string>;
export function publish(options: { staticRoot: string; name: string; distDir: string }): Promise<{ version: string; published: boolean }>;
export function point(options: { staticRoot: string; env: string; name: string; version: string; publicBase?: string; overlays?: string }): Promise<{ previous: string | undefined; current: string }>;
