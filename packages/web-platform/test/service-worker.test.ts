import { describe, expect, it } from 'vitest';
import { inlineLocalImports, serviceWorkerSource } from '../build/service-worker.ts';

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

describe('the service worker\'s local imports', () => {
  it('are replaced by the module\'s declarations, so the worker stays a classic script', () => {
    const modules: Record<string, string> = { './rules.js': 'export const A = 1;\nexport function twice(n) { return 2 * n; }\nexport async function later() {}\n' };
    const script = inlineLocalImports("import {\n  A, twice,\n} from './rules.js';\nself.x = twice(A);\n", (name) => modules[name]!);
    expect(script).toBe('const A = 1;\nfunction twice(n) { return 2 * n; }\nasync function later() {}\n\nself.x = twice(A);\n');
  });

  it('refuse what cannot be inlined: a module that imports, or an import from elsewhere', () => {
    expect(() => inlineLocalImports("import { a } from './a.js';\n", () => "import { b } from './b.js';\nexport const a = b;\n")).toThrow(/no imports/);
    expect(() => inlineLocalImports("import { a } from 'some-package';\n", () => '')).toThrow(/cannot inline/);
  });
});
