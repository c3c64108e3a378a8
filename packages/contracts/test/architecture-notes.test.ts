// docs/events.md lists every NATS subject with who sends and who takes it: a subject added to the contracts without
// its row there fails here, so the page cannot drift from the code.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EVENT_TYPES, PUSH_SUBJECTS, pushSubject, rpc } from '../src/index';

const root = join(import.meta.dirname, '..', '..', '..');
const page = readFileSync(join(root, 'docs', 'events.md'), 'utf8');
/** The subjects named in the first column of the page's tables. */
const rows = new Set([...page.matchAll(/^\| `([^`]+)`/gm)].map((m) => m[1]!));

describe('docs/events.md', () => {
  it('has a row for every event type of the contracts', () => {
    expect(EVENT_TYPES.filter((t) => !rows.has(t))).toEqual([]);
  });

  it('has a row for every request/reply subject of the contracts', () => {
    expect(Object.keys(rpc).filter((s) => !rows.has(s))).toEqual([]);
  });

  it('names the push subject the services publish on and the one the gateway follows', () => {
    expect(rows.has(pushSubject('<userId>'))).toBe(true);
    expect(page).toContain(`\`${PUSH_SUBJECTS}\``);
  });

  it('lists no subject the contracts do not know', () => {
    const known = new Set<string>([...EVENT_TYPES, ...Object.keys(rpc), pushSubject('<userId>')]);
    expect([...rows].filter((s) => !known.has(s))).toEqual([]);
  });

  it('is linked from the root README', () => {
    expect(readFileSync(join(root, 'README.md'), 'utf8')).toContain('](docs/events.md)');
  });
});
