// The check's verdict as a team reads it: each break, where, and which slices it breaks.
import type { ContractBreak } from './compare';
import type { ConsumerIndex } from './consumers';

export function formatBreaks(breaks: ContractBreak[], index: ConsumerIndex, against: string): string {
  if (breaks.length === 0) return `contracts: compatible with ${against}`;
  const lines = [`contracts: ${breaks.length} breaking change(s) against ${against}`];
  for (const b of breaks) {
    const consumers = index.consumersOf(b.subject);
    const names = b.subject.kind === 'route' ? ` (${b.subject.names.join(', ')})` : '';
    lines.push(
      `  ✗ ${b.subject.kind} ${b.subject.key}${names}, ${b.part}: ${b.kind} at ${b.path}: ${b.detail}`,
      `      owner ${b.subject.owner || 'several services'}; consumed by ${consumers.length > 0 ? consumers.join(', ') : 'no slice in this tree (released front ends and other clients may still call it)'}`,
    );
  }
  lines.push('A change that must break: keep the old shape beside the new one until every consumer moved, or release it on purpose with `npm run release:tag -- --breaking` (see the README).');
  return lines.join('\n');
}
