import { describe, expect, it } from 'vitest';
import { serviceWorkerSource } from '../build/service-worker.ts';

const TEMPLATE = 'self.addEventListener("install", () => {});';

describe('the shell\'s service worker file (dist/sw.js)', () => {
  it('lists the shell\'s hashed scripts and styles for the worker to cache, not its maps, compressed copies or pages', () => {
    const source = serviceWorkerSource(TEMPLATE, ['main.97326a9b5a.js', 'main.97326a9b5a.js.br', '633.4d84b7b3e2.css', 'index.html', 'version.json', 'main.97326a9b5a.js.map', 'react.f87b29ac6e.js']);
    expect(source).toContain('self.__LP_SHELL_FILES = ["/633.4d84b7b3e2.css","/main.97326a9b5a.js","/react.f87b29ac6e.js"];');
    expect(source.endsWith(TEMPLATE)).toBe(true);
  });

  it('is a new worker (another build id, so a fresh cache) when the shell\'s files change, and the same one when they do not', () => {
    const id = (files: string[]) => /__LP_BUILD_ID = '([0-9a-f]+)'/.exec(serviceWorkerSource(TEMPLATE, files))![1];
    expect(id(['main.97326a9b5a.js'])).toBe(id(['main.97326a9b5a.js']));
    expect(id(['main.97326a9b5a.js'])).not.toBe(id(['main.0000000000.js']));
  });
});
