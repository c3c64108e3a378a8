// Test helpers: a content service on a throwaway database of the real FerretDB and NATS, sessions, a fixture
// upload with recognisable answer keys, and a reader of the events that really reached JetStream.
import { randomBytes } from 'node:crypto';
import type { ServiceApp } from '@lp/service-kit';
import { createServiceHarness, sessionCookieHeader, streamEvents, uniqueDbName, type TestKeys } from '@lp/service-kit/testing';
import type { EventEnvelope } from '@lp/contracts';
import { createContentService } from '../../src/app';
import type { ContentConfig } from '../../src/config';

export const objectId = () => randomBytes(12).toString('hex');

/** A content instance with NATS subjects and consumers of its own (a harness of its own), so test files can run side by side. */
export async function buildContent(keys: TestKeys, overrides: Partial<ContentConfig> = {}, dbName = uniqueDbName('content')): Promise<ServiceApp> {
  return (await createServiceHarness({ keys })).build(createContentService({ seed: false, ...overrides }), { dbName });
}

export const signedIn = (keys: TestKeys, sub: string, role: 'learner' | 'owner' = 'learner') => sessionCookieHeader(keys, sub, { role });

/** Secrets that must never reach a learner before answering: explanations and a short answer (not among options). */
export const SECRET = {
  explanation: 'EXPLANATION-SECRET-oxygen-came-later',
  shortAnswer: 'Darwinsecretanswer',
  tfExplanation: 'EXPLANATION-SECRET-sparks',
};

/** A small Class XII Biology upload whose answer keys use several forms. */
export function fixtureTree(chapterName = 'Evolution Fixture') {
  return {
    className: 'CBSE Class 12',
    subjects: [{
      name: 'Biology',
      chapters: [{
        name: chapterName,
        number: 6,
        topics: [
          {
            name: 'Origin of Life',
            description: 'How life began on Earth',
            questions: [
              { question: 'Which gas was absent from the early atmosphere?', type: 'multiple-choice', options: ['Methane', 'Ammonia', 'Oxygen', 'Hydrogen'], correctAnswer: 'C', explanation: SECRET.explanation, difficulty: 1 },
              { question: 'Urey and Miller used electric sparks.', type: 'true_false', correctAnswer: true, explanation: SECRET.tfExplanation, difficulty: 3 },
              { question: 'Who proposed natural selection with Wallace?', type: 'short_answer', correctAnswer: SECRET.shortAnswer, explanation: 'He sailed on the Beagle.', difficulty: 2 },
              ...Array.from({ length: 9 }, (_, i) => ({
                question: `Origin question ${i + 1}?`, type: 'multiple_choice', options: JSON.stringify([`A${i}`, `B${i}`, `C${i}`, `D${i}`]), correctAnswer: String(i % 4), explanation: `Because ${i}.`, difficulty: 1 + (i % 3),
              })),
            ],
          },
          {
            name: 'Speciation',
            description: 'How species form',
            questions: Array.from({ length: 6 }, (_, i) => ({
              question: `Speciation question ${i + 1}?`, type: 'multiple_choice', options: [`P${i}`, `Q${i}`, `R${i}`, `S${i}`], correctAnswer: `Q${i}`, explanation: `Speciation reason ${i}.`, difficulty: 2,
            })),
          },
        ],
      }],
    }],
  };
}

type ChapterEvent = EventEnvelope<'content.chapter.published'>;

/** The content.chapter.published envelopes stored in the stream since `since` that `wanted` picks. */
export async function publishedEvents(app: ServiceApp, since: Date, wanted: (event: ChapterEvent) => boolean) {
  return (await streamEvents(app.bus.nc, 'content.chapter.published', { since })).filter(wanted);
}
