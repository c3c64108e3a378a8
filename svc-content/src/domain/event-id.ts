// Content's event ids and version fingerprints: the same chapter at the same content version always gets the
// same event id (the kit's eventId), so a retried upload or the seed run twice publishes nothing new.
import { createHash } from 'node:crypto';
import { eventId } from '@lp/service-kit';

/** A short fingerprint of any JSON-able value (content versions, question identities). */
export function fingerprint(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 32);
}

export const chapterPublishedEventId = (chapterId: string, contentVersion: string) =>
  eventId('content.chapter.published', `${chapterId}:${contentVersion}`);
