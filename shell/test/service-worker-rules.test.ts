/**
 * The service worker's decisions (src/service-worker/rules.js, inlined into dist/sw.js): what it caches, what it never
 * does (personal /api/* data, answers and keys), and which caches go when a learner signs out or someone else signs in.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { inlineLocalImports, serviceWorkerSource } from '@lp/web-platform/build/service-worker';
import {
  downloadCacheFor, mayKeepInAppCache, personalCachesToDelete, routeOf, sessionChange, staleAppCaches, SESSION_CACHE,
} from '../src/service-worker/rules.js';

const ORIGIN = 'https://learn.example';
const CHAPTER = '65a1b2c3d4e5f6a7b8c9d0e1';
const get = (p: string, mode = 'cors') => routeOf({ url: `${ORIGIN}${p}`, method: 'GET', mode }, ORIGIN);

describe('what the service worker does with a request', () => {
  it('never answers or caches a learner’s /api/* data: sessions, progress, answers and their keys, admin and billing calls', () => {
    for (const p of ['/api/sessions/stats', '/api/sessions/65a1b2c3d4e5f6a7b8c9d0e1', '/api/mistakes', '/api/review/due', '/api/admin/questions',
      '/api/subscription', `/api/questions/chapter/${CHAPTER}/answers`, `/api/chapters/${CHAPTER}/topics`, '/api', '/api/questions/chapter/not-an-id']) {
      expect(get(p), p).toBe('ignore');
    }
    for (const method of ['POST', 'PUT', 'DELETE']) {
      expect(routeOf({ url: `${ORIGIN}/api/answers`, method }, ORIGIN)).toBe('ignore');
      expect(routeOf({ url: `${ORIGIN}/api/questions/chapter/${CHAPTER}`, method }, ORIGIN)).toBe('ignore');
    }
    // Nothing the worker answers from the network for these routes is ever put in the app cache.
    for (const route of ['ignore', 'session-fact', 'download', 'page', 'sign-out'] as const) expect(mayKeepInAppCache(route, { ok: true, status: 200 })).toBe(false);
  });

  it('answers a downloaded chapter’s two calls (network first, the download offline) and who is signed in for this session', () => {
    expect(get(`/api/questions/chapter/${CHAPTER}`)).toBe('download');
    expect(get(`/api/chapters/${CHAPTER}?lang=hi`)).toBe('download');
    expect(get('/api/auth/user')).toBe('session-fact');
    expect(get('/api/auth/disclaimer/status')).toBe('session-fact');
  });

  it('sees signing out, a navigation or any other method, so it can delete the learner’s caches first', () => {
    expect(get('/api/logout', 'navigate')).toBe('sign-out');
    expect(routeOf({ url: `${ORIGIN}/api/logout/callback`, method: 'POST' }, ORIGIN)).toBe('sign-out');
  });

  it('caches the app itself: hashed files first from the cache, remotes’ configuration network first, pages fall back to the shell', () => {
    expect(get('/main.97326a9b5a.js')).toBe('hashed-file');
    expect(get('/remotes/learn/static/js/async/712.4d84b7b3e2.js')).toBe('hashed-file');
    expect(get('/remotes.json')).toBe('app-config');
    expect(get('/remotes/learn/mf-manifest.json')).toBe('app-config');
    expect(get('/dashboard', 'navigate')).toBe('page');
    expect(get('/quiz/chapter/abc', 'navigate')).toBe('page');
    expect(mayKeepInAppCache('hashed-file', { ok: true, status: 200 })).toBe(true);
    expect(mayKeepInAppCache('app-config', { ok: true, status: 200 })).toBe(true);
    // An error page or a partial answer is not kept in place of the file.
    expect(mayKeepInAppCache('hashed-file', { ok: false, status: 404 })).toBe(false);
    expect(mayKeepInAppCache('hashed-file', { ok: true, status: 206 })).toBe(false);
  });

  it('leaves other origins and the rest of the site (unhashed files, sw.js itself) to the browser', () => {
    expect(routeOf({ url: 'https://checkout.razorpay.com/v1/checkout.js', method: 'GET' }, ORIGIN)).toBe('ignore');
    expect(get('/sw.js')).toBe('ignore');
    expect(get('/favicon.ico')).toBe('ignore');
  });
});

describe('which caches the service worker keeps', () => {
  const names = ['lp-app-abc123', 'lp-app-old999', SESSION_CACHE, 'lp-personal-aaaaaaaaaaaaaaaaaaaaaaaa', 'lp-personal-bbbbbbbbbbbbbbbbbbbbbbbb'];

  it('signing out or the session ending deletes every personal cache (downloads and who was signed in), never the app', () => {
    expect(sessionChange(401, null, 'aaaaaaaaaaaaaaaaaaaaaaaa')).toBe('forget-all');
    expect(personalCachesToDelete(names)).toEqual([SESSION_CACHE, 'lp-personal-aaaaaaaaaaaaaaaaaaaaaaaa', 'lp-personal-bbbbbbbbbbbbbbbbbbbbbbbb']);
  });

  it('someone else signing in on the same phone deletes the previous learner’s downloads; the same learner keeps theirs', () => {
    expect(sessionChange(200, 'bbbbbbbbbbbbbbbbbbbbbbbb', 'aaaaaaaaaaaaaaaaaaaaaaaa')).toBe('forget-others');
    expect(personalCachesToDelete(names, SESSION_CACHE)).toEqual(['lp-personal-aaaaaaaaaaaaaaaaaaaaaaaa', 'lp-personal-bbbbbbbbbbbbbbbbbbbbbbbb']);
    expect(sessionChange(200, 'aaaaaaaaaaaaaaaaaaaaaaaa', 'aaaaaaaaaaaaaaaaaaaaaaaa')).toBe('keep');
    expect(sessionChange(200, 'aaaaaaaaaaaaaaaaaaaaaaaa', null)).toBe('keep');
  });

  it('answers an offline chapter call only from the signed-in learner’s own downloads, never another learner’s', () => {
    expect(downloadCacheFor(names, 'bbbbbbbbbbbbbbbbbbbbbbbb')).toBe('lp-personal-bbbbbbbbbbbbbbbbbbbbbbbb');
    expect(downloadCacheFor(names, 'cccccccccccccccccccccccc')).toBeNull();
    expect(downloadCacheFor(names, null)).toBeNull();
    expect(downloadCacheFor(names, 'session')).toBeNull();
  });

  it('a new build replaces the older builds’ app caches', () => {
    expect(staleAppCaches(names, 'lp-app-abc123')).toEqual(['lp-app-old999']);
  });
});

describe('the built worker (dist/sw.js)', () => {
  it('is one classic script with the rules inlined: a browser without module service workers runs it', () => {
    const dir = path.join(import.meta.dirname, '../src/service-worker');
    const template = readFileSync(path.join(dir, 'sw.js'), 'utf8');
    const source = serviceWorkerSource(inlineLocalImports(template, (name) => readFileSync(path.join(dir, name), 'utf8')), ['main.97326a9b5a.js']);
    expect(() => new Script(source)).not.toThrow();
    expect(source).toContain('function routeOf(');
    expect(source).not.toMatch(/^\s*(?:import|export)\b/m);
  });
});
