import { Link } from '@lp/web-platform';
import { PageFrame } from './PageFrame.tsx';

/**
 * What a remote shows when opened on its own at a path it does not own (e.g. its
 * `/remotes/<name>/index.html`): links to its routes, for development.
 */
export function StandaloneIndex({ name, paths }: { name: string; paths: readonly string[] }) {
  return (
    <PageFrame title={`${name} (standalone)`} subtitle="This micro-frontend is running on its own. Pick a route:" width="narrow">
      <ul>
        {paths.map((path) => (
          <li key={path}>
            <Link to={path}>{path}</Link>
          </li>
        ))}
      </ul>
    </PageFrame>
  );
}
