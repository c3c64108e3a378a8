// Issue 33 §1: bilingual questions on the real FerretDB and NATS. An upload's Hindi fields are checked, stored and
// served: the learner sees the Hindi question and options (never a Hindi key or explanation before answering), the
// scorers get the Hindi key, the catalogue the Hindi names, and the chapter file gives them back to publish again.
import type { ServiceApp } from '@lp/service-kit';
import { createTestKeys, type TestKeys } from '@lp/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentModels, type ContentModels } from '../../src/models';
import { publishTree, UploadRejected } from '../../src/publishing/publish-tree';
import { PublishingRepository } from '../../src/repositories/publishing';
import { buildContent, objectId, signedIn } from '../support/harness';

const HINDI_EXPLANATION = 'पौधे कार्बन डाइऑक्साइड से शर्करा बनाते हैं।';

/** A Class XII Biology chapter (number 5, so its file is downloadable) with one topic of bilingual questions. */
function bilingualTree() {
  return {
    className: 'CBSE Class 12',
    subjects: [{
      name: 'Biology',
      hi: { name: 'जीव विज्ञान' },
      chapters: [{
        name: 'Bilingual Fixture',
        hi: { name: 'द्विभाषी अध्याय' },
        number: 5,
        topics: [{
          name: 'Photosynthesis',
          description: 'How plants make food',
          hi: { name: 'प्रकाश संश्लेषण', description: 'पौधे भोजन कैसे बनाते हैं' },
          questions: [
            {
              question: 'Which gas do plants take in for photosynthesis?', type: 'multiple_choice',
              options: ['Oxygen', 'Carbon dioxide', 'Nitrogen', 'Hydrogen'], correctAnswer: 'B', explanation: 'Plants fix carbon dioxide.',
              hi: { question: 'प्रकाश संश्लेषण के लिए पौधे कौन-सी गैस लेते हैं?', options: ['ऑक्सीजन', 'कार्बन डाइऑक्साइड', 'नाइट्रोजन', 'हाइड्रोजन'], explanation: HINDI_EXPLANATION },
            },
            {
              question: 'Which metal coats iron when it is galvanised?', type: 'short_answer', correctAnswer: 'Zinc', explanation: 'A zinc layer.',
              hi: { question: 'जस्तीकरण में लोहे पर किस धातु की परत चढ़ाई जाती है?', correctAnswer: 'ज़िंक', explanation: 'ज़िंक की परत।' },
            },
            { question: 'Chlorophyll is green.', type: 'true_false', correctAnswer: true, hi: { question: 'पर्णहरित हरा होता है।' } },
            { question: 'An English-only question?', type: 'multiple_choice', options: ['Yes', 'No'], correctAnswer: 'Yes' },
          ],
        }],
      }],
    }],
  };
}

let keys: TestKeys;
let app: ServiceApp;
let models: ContentModels;
let chapterId: string;
let topicId: string;
const publish = (tree: unknown) => publishTree({ publishing: new PublishingRepository(app.db), bus: app.bus }, tree);
const get = async (url: string) => app.inject({ method: 'GET', url, headers: await signedIn(keys, objectId(), 'owner') });

beforeAll(async () => {
  keys = await createTestKeys();
  app = await buildContent(keys);
  models = await contentModels(app.db);
  chapterId = (await publish(bilingualTree())).chapters[0]!.chapterId;
  topicId = String((await models.Topic.findOne({ chapterId }).lean())!._id);
});
afterAll(async () => { await app?.close(); });

describe('bilingual questions', () => {
  it('gives the learner the Hindi question and options, without a Hindi key or explanation', async () => {
    const res = await get(`/api/topics/${topicId}/with-questions`);
    expect(res.statusCode).toBe(200);
    const { questions } = res.json();
    expect(questions[0]).toMatchObject({
      options: ['Oxygen', 'Carbon dioxide', 'Nitrogen', 'Hydrogen'],
      hi: { question: 'प्रकाश संश्लेषण के लिए पौधे कौन-सी गैस लेते हैं?', options: ['ऑक्सीजन', 'कार्बन डाइऑक्साइड', 'नाइट्रोजन', 'हाइड्रोजन'] },
    });
    expect(questions[1].hi).toEqual({ question: 'जस्तीकरण में लोहे पर किस धातु की परत चढ़ाई जाती है?', options: [] });
    expect(questions[2].hi).toEqual({ question: 'पर्णहरित हरा होता है।', options: [] });
    expect(questions[3]).not.toHaveProperty('hi');
    expect(res.body).not.toContain(HINDI_EXPLANATION);
    expect(res.body).not.toContain('ज़िंक');
    expect(res.body).not.toContain('correctAnswer');
  });

  it('gives the scorers the Hindi key and explanation with the English ones', async () => {
    const { questions } = (await get(`/api/topics/${topicId}/with-questions`)).json() as { questions: Array<{ id: string }> };
    const reply = await app.bus.request<{ keys: Array<Record<string, unknown>> }>('content.rpc.answerKeys', { questionIds: questions.map((q) => q.id) });
    const byId = new Map(reply.keys.map((k) => [k.questionId, k]));
    expect(byId.get(questions[0]!.id)).toMatchObject({
      correctAnswer: 'Carbon dioxide',
      hi: { question: 'प्रकाश संश्लेषण के लिए पौधे कौन-सी गैस लेते हैं?', options: ['ऑक्सीजन', 'कार्बन डाइऑक्साइड', 'नाइट्रोजन', 'हाइड्रोजन'], correctAnswer: 'कार्बन डाइऑक्साइड', explanation: HINDI_EXPLANATION },
    });
    expect(byId.get(questions[1]!.id)).toMatchObject({ correctAnswer: 'Zinc', hi: { correctAnswer: 'ज़िंक', explanation: 'ज़िंक की परत।' } });
    expect(byId.get(questions[2]!.id)).toMatchObject({ correctAnswer: 'True', hi: { correctAnswer: 'सही', explanation: '' } });
    expect(byId.get(questions[3]!.id)).not.toHaveProperty('hi');
  });

  it('gives svc-challenge the Hindi question and options in its snapshots, without the Hindi key or explanation', async () => {
    const { questions } = (await get(`/api/topics/${topicId}/with-questions`)).json() as { questions: Array<{ id: string }> };
    const reply = await app.bus.request<{ questions: Array<Record<string, unknown>> }>('content.rpc.challengeQuestions', { questionIds: [questions[0]!.id] });
    expect(reply.questions[0]!.hi).toEqual({ question: 'प्रकाश संश्लेषण के लिए पौधे कौन-सी गैस लेते हैं?', options: ['ऑक्सीजन', 'कार्बन डाइऑक्साइड', 'नाइट्रोजन', 'हाइड्रोजन'] });
    expect(JSON.stringify(reply)).not.toContain(HINDI_EXPLANATION);
  });

  it('names subjects, chapters and topics in Hindi in the catalogue', async () => {
    const subjects = (await get('/api/subjects/with-chapters?className=CBSE%20Class%2012')).json();
    expect(subjects[0]).toMatchObject({ name: 'Biology', hi: { name: 'जीव विज्ञान' } });
    expect(subjects[0].chapters[0]).toMatchObject({ name: 'Bilingual Fixture', hi: { name: 'द्विभाषी अध्याय' }, topics: [{ name: 'Photosynthesis', hi: { name: 'प्रकाश संश्लेषण', description: 'पौधे भोजन कैसे बनाते हैं' } }] });
    expect((await get(`/api/topics/${topicId}`)).json()).toMatchObject({
      hi: { name: 'प्रकाश संश्लेषण', description: 'पौधे भोजन कैसे बनाते हैं' },
      chapter: { hi: { name: 'द्विभाषी अध्याय' }, subject: { hi: { name: 'जीव विज्ञान' } } },
    });
  });

  it('gives the Hindi fields back in the chapter file, which publishes again to the same content under the same event ids', async () => {
    const res = await get('/api/download/class-12-biology-ch05-bilingual-fixture.json');
    expect(res.statusCode).toBe(200);
    const tree = res.json();
    expect(tree.subjects[0].hi).toEqual({ name: 'जीव विज्ञान' });
    expect(tree.subjects[0].chapters[0].hi).toEqual({ name: 'द्विभाषी अध्याय' });
    const questions = tree.subjects[0].chapters[0].topics[0].questions;
    expect(questions[0].hi).toEqual(bilingualTree().subjects[0]!.chapters[0]!.topics[0]!.questions[0]!.hi);
    expect(questions[1].hi).toEqual({ question: 'जस्तीकरण में लोहे पर किस धातु की परत चढ़ाई जाती है?', correctAnswer: 'ज़िंक', explanation: 'ज़िंक की परत।' });
    expect(questions[3]).not.toHaveProperty('hi');

    const first = await publish(bilingualTree());
    const before = await models.Question.countDocuments();
    const again = await publish(tree);
    expect(await models.Question.countDocuments()).toBe(before);
    expect(again.events).toEqual(first.events);
  });

  it('rejects a file whose Hindi options do not match its options in number, naming the question, and stores nothing of it', async () => {
    const tree = bilingualTree();
    tree.subjects[0]!.chapters[0]!.name = 'Rejected Bilingual Fixture';
    tree.subjects[0]!.chapters[0]!.topics[0]!.questions[0]!.hi!.options = ['ऑक्सीजन', 'कार्बन डाइऑक्साइड'];
    const before = await models.Question.countDocuments();
    const error = await publish(tree).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadRejected);
    expect((error as UploadRejected).statusCode).toBe(400);
    expect((error as UploadRejected).message).toContain(
      'Biology › Rejected Bilingual Fixture › Photosynthesis, question 1: Question "Which gas do plants take in for photosynthesis?": hi.options has 2 options but options has 4',
    );
    expect(await models.Question.countDocuments()).toBe(before);
    expect(await models.Chapter.countDocuments({ name: 'Rejected Bilingual Fixture' })).toBe(0);
  });
});
