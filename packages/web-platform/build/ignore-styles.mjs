// `node --import tsx --import @lp/web-platform/build/ignore-styles <script>`: lets the build's prerendering
// (prerender.ts) import an app's components, whose `import './x.css'` only a bundler understands. Styles
// come from the app's bundle; a prerendered page needs only the markup.
import { register } from 'node:module';

const hooks = `export async function load(url, context, next) {
  if (/\\.css(\\?.*)?$/.test(url)) return { format: 'module', source: '', shortCircuit: true };
  return next(url, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
