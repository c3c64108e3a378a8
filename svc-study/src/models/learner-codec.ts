// How the learner document's three largest parts are stored. On the embedded FerretDB a read or an update costs CPU
// in proportion to the document's size (about 0.2 and 0.35 µs per byte, on top of ~0.5 ms per command), every counted
// answer reads and rewrites the whole learner document, and FerretDB stores a type entry beside every field (a
// mistake as an object took ~350 bytes). So the review cards, the mistakes and the applied answer ids are each one
// string: `qid=card;qid=card`, `qid=mistake;…` and fixed-width hashes (a learner 13 answers into a quiz: 10 KB → ~3 KB).
// They are decoded once per read (here) and written whole, which the lease already makes safe (one writer). Decoding
// accepts the older shapes (a map of objects, an array of ids), so documents written before are read as they are and
// written compactly on their next change.
import { APPLIED_KEY_WIDTH as KEY_WIDTH, appliedKey } from '../domain/learner-state';
import type { MistakeState } from '../domain/mistakes';
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

/** Ids are 24-hex ObjectIds; anything else is escaped so it can never break the separators. */
const id = (s: string) => (/^[\w-]*$/.test(s) ? s : encodeURIComponent(s));
const unid = (s: string) => (s.includes('%') ? decodeURIComponent(s) : s);

function packEntries(entries: Iterable<[string, string]>): string {
  const parts: string[] = [];
  for (const [key, value] of entries) parts.push(`${id(key)}=${value}`);
  return parts.join(';');
}

function unpackEntries(packed: string): Array<[string, string]> {
  if (!packed) return [];
  return packed.split(';').map((entry) => {
    const at = entry.indexOf('=');
    return [unid(entry.slice(0, at)), entry.slice(at + 1)];
  });
}

export type StoredCards = string | Record<string, string | ReviewCard>;
export type StoredMistakes = string | Record<string, MistakeState>;

export const encodeCards = (cards: Record<string, ReviewCard>): string =>
  packEntries(Object.entries(cards).map(([qid, card]) => [qid, encodeCard(card)]));

export function decodeCards(stored: StoredCards | undefined): Record<string, ReviewCard> {
  const cards: Record<string, ReviewCard> = {};
  const entries = typeof stored === 'string' ? unpackEntries(stored) : Object.entries(stored ?? {});
  for (const [qid, card] of entries) cards[qid] = decodeCard(card);
  return cards;
}

export const encodeMistakes = (mistakes: Record<string, MistakeState>): string =>
  packEntries(Object.entries(mistakes).map(([qid, m]) => [qid,
    [m.wrongCount, new Date(m.lastWrongAt).getTime().toString(36), id(m.chapterId), id(m.topicId), id(m.subjectId)].join('|')]));

export function decodeMistakes(stored: StoredMistakes | undefined): Record<string, MistakeState> {
  if (typeof stored !== 'string') return { ...(stored ?? {}) };
  const mistakes: Record<string, MistakeState> = {};
  for (const [qid, value] of unpackEntries(stored)) {
    const [count, at, chapterId, topicId, subjectId] = value.split('|');
    mistakes[qid] = { wrongCount: Number(count), lastWrongAt: new Date(parseInt(at!, 36)), chapterId: unid(chapterId!), topicId: unid(topicId!), subjectId: unid(subjectId!) };
  }
  return mistakes;
}

export { appliedKey };

export const joinApplied = (keys: readonly string[]) => keys.join('');

/** The applied keys, from the compact string or (older documents) the array of raw ids. */
export function splitApplied(applied: string | undefined, legacyIds: readonly string[] | undefined): string[] {
  const keys = (legacyIds ?? []).map(appliedKey);
  for (let i = 0; applied && i + KEY_WIDTH <= applied.length; i += KEY_WIDTH) keys.push(applied.slice(i, i + KEY_WIDTH));
  return keys;
}
