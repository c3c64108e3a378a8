// How the learner document's two largest parts are stored. On the embedded FerretDB a read or an update costs CPU in
// proportion to the document's size (about 0.2 and 0.35 µs per byte, on top of ~0.5 ms per command), and every
// counted answer reads and rewrites the learner document; FerretDB also stores a type entry beside every field.
// So a review card is one short string instead of a ten-field object (~60 bytes instead of ~230 before that
// overhead), and the applied answer ids are one string of fixed-width hashes instead of an array of UUIDs.
// Decoding accepts the older shapes, so documents written before are read as they are and rewritten compactly.
import { createHash } from 'node:crypto';
import type { ReviewCard } from '../domain/review';

const FIELDS = ['stability', 'difficulty', 'elapsed_days', 'scheduled_days', 'learning_steps', 'reps', 'lapses', 'state'] as const;

export function encodeCard(card: ReviewCard): string {
  const time = (d: Date | string | undefined) => (d === undefined ? '' : new Date(d).getTime().toString(36));
  return [time(card.due), ...FIELDS.map((f) => String(card[f] ?? 0)), time(card.last_review)].join('|');
}

export function decodeCard(stored: string | ReviewCard): ReviewCard {
  if (typeof stored !== 'string') return { ...stored, due: new Date(stored.due), ...(stored.last_review ? { last_review: new Date(stored.last_review) } : {}) };
  const parts = stored.split('|');
  const card = { due: new Date(parseInt(parts[0]!, 36)) } as ReviewCard;
  FIELDS.forEach((f, i) => { (card as unknown as Record<string, number>)[f] = Number(parts[i + 1]); });
  if (parts[FIELDS.length + 1]) card.last_review = new Date(parseInt(parts[FIELDS.length + 1]!, 36));
  return card;
}

export function decodeCards(stored: Record<string, string | ReviewCard> | undefined): Record<string, ReviewCard> {
  const cards: Record<string, ReviewCard> = {};
  for (const [qid, card] of Object.entries(stored ?? {})) cards[qid] = decodeCard(card);
  return cards;
}

/** Width of one applied-answer key: 66 bits of SHA-256, so two different ids sharing a key is out of reach. */
const KEY_WIDTH = 11;

/** The key the learner document remembers an applied answer (or completion mark) by. */
export function appliedKey(id: string): string {
  return createHash('sha256').update(id).digest('base64url').slice(0, KEY_WIDTH);
}

export const joinApplied = (keys: readonly string[]) => keys.join('');

/** The applied keys, from the compact string or (older documents) the array of raw ids. */
export function splitApplied(applied: string | undefined, legacyIds: readonly string[] | undefined): string[] {
  const keys = (legacyIds ?? []).map(appliedKey);
  for (let i = 0; applied && i + KEY_WIDTH <= applied.length; i += KEY_WIDTH) keys.push(applied.slice(i, i + KEY_WIDTH));
  return keys;
}
