/** Types of rules.js (a plain script module the service worker inlines; TypeScript does not check JavaScript here). */
export type Route = 'ignore' | 'sign-out' | 'session-fact' | 'download' | 'page' | 'hashed-file' | 'app-config';
export type SessionChange = 'keep' | 'forget-all' | 'forget-others';

export const PERSONAL_PREFIX: string;
export const APP_PREFIX: string;
export const SESSION_CACHE: string;
export const SHELL_PAGE: string;
export const USER_URL: string;
export const DISCLAIMER_URL: string;
export const LAST_USER_KEY: string;
export const HASHED_FILE: RegExp;
export function downloadCacheName(userId: string): string;
export function routeOf(request: { url: string; method: string; mode?: string }, origin: string): Route;
export function mayKeepInAppCache(route: Route, response: { ok: boolean; status: number }): boolean;
export function personalCachesToDelete(names: readonly string[], keep?: string): string[];
export function staleAppCaches(names: readonly string[], current: string): string[];
export function sessionChange(status: number, userId: string | null | undefined, lastUserId: string | null | undefined): SessionChange;
export function downloadCacheFor(names: readonly string[], userId: string | null | undefined): string | null;
