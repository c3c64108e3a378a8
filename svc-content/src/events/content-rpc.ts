// What svc-content answers over NATS request/reply: answer keys and quiz question sets for the scorers
// (svc-study, svc-challenge), which sample questions a visitor was given, and whether a subject exists. The kit
// checks each request against its contract: a bad one is answered BAD_REQUEST before it reaches a handler here.
import type { EventBus } from '@lp/service-kit';
import type { ContentReads } from '../reads/content-reads';
import type { SampleIssuesRepository } from '../repositories/sample-issues';

export function answerContentRpc(bus: Pick<EventBus, 'reply'>, reads: ContentReads, samples: SampleIssuesRepository) {
  bus.reply('content.rpc.answerKeys', async ({ questionIds }) => ({ keys: await reads.answerKeys(questionIds) }));
  // Challenge snapshots (svc-challenge): the question as players see it, without its key or explanation.
  bus.reply('content.rpc.challengeQuestions', async ({ questionIds }) => {
    const keys = await reads.answerKeys(questionIds);
    return {
      questions: keys.map((k) => ({
        id: k.questionId, text: k.question, type: k.type, options: k.options, figureReference: k.figureReference,
        ...(k.hi ? { hi: { question: k.hi.question, options: k.hi.options } } : {}),
      })),
      place: keys[0] ? await reads.placeOf(keys[0].chapterId) : null,
    };
  });
  bus.reply('content.rpc.quizQuestions', async (target) => reads.quizQuestions(target));
  bus.reply('content.rpc.sampleIssued', async ({ visitor, questionId }) => ({ issued: await samples.issued(visitor, questionId) }));
  bus.reply('content.rpc.subjectExists', async (query) => reads.subjectExists(query));
}
