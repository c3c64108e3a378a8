// Deterministic event ids: the same fact always gets the same id, so a re-publish (a retried request, a relay
// after a crash, a seed run twice) is dropped by JetStream's Nats-Msg-Id dedup and by every consumer's
// processed-event check.
import { createHash } from 'node:crypto';

/** A name-based UUID (version 5 layout over SHA-256) for `name` within `namespace` (usually the event type). */
export function eventId(namespace: string, name: string): string {
  const bytes = createHash('sha256').update(`${namespace}\u0000${name}`).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
