// What svc-content answers over NATS request/reply: answer keys and quiz question sets for the scorers
// (svc-study, svc-challenge), which sample questions a visitor was given, and whether a subject exists. Requests are checked against the contracts; a bad one gets an error reply.
import { rpc, type RpcName, type RpcRequest } from '@lp/contracts';
import type { EventBus } from '@lp/service-kit';
import { Value } from '@sinclair/typebox/value';
import type { ContentReads } from '../reads/content-reads';
import type { SampleIssues } from '../reads/sample-issues';

function checked<N extends RpcName>(name: N, body: unknown): RpcRequest<N> {
  const error = Value.Errors(rpc[name].request, body).First();
  if (error) throw new Error(`BAD_REQUEST: ${error.path || 'request'} ${error.message}`);
  return body as RpcRequest<N>;
}

export function answerContentRpc(bus: Pick<EventBus, 'reply'>, reads: ContentReads, samples: SampleIssues) {
  bus.reply('content.rpc.answerKeys', async (body: unknown) => ({ keys: await reads.answerKeys(checked('content.rpc.answerKeys', body).questionIds) }));
  // Challenge snapshots (svc-challenge): the question as players see it, without its key or explanation.
  bus.reply('content.rpc.challengeQuestions', async (body: unknown) => ({
    questions: (await reads.answerKeys(checked('content.rpc.challengeQuestions', body).questionIds)).map((k) => ({
      id: k.questionId, text: k.question, type: k.type, options: k.options, figureReference: k.figureReference,
    })),
  }));
  bus.reply('content.rpc.quizQuestions', async (body: unknown) => reads.quizQuestions(checked('content.rpc.quizQuestions', body)));
  bus.reply('content.rpc.sampleIssued', async (body: unknown) => {
    const { visitor, questionId } = checked('content.rpc.sampleIssued', body);
    return { issued: await samples.issued(visitor, questionId) };
  });
  bus.reply('content.rpc.subjectExists', async (body: unknown) => reads.subjectExists(checked('content.rpc.subjectExists', body)));
}
