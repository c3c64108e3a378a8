import { describe, expect, it } from 'vitest';
import { scheduleReview } from '../../src/domain/review';
import { decodeLearner, encodeLearner } from '../../src/models/learner';
import { appliedKey, decodeCard, decodeCards, decodeMistakes, encodeCard, encodeCards, encodeMistakes, joinApplied, splitApplied } from '../../src/models/learner-codec';

describe('the learner document stored compactly', () => {
  const at = new Date('2026-03-01T05:00:00.000Z');
  const reviewed = scheduleReview(scheduleReview(null, true, at), false, new Date('2026-03-04T05:00:00.000Z'));

  it('a review card survives encoding exactly, and is a fraction of its object size', () => {
    const encoded = encodeCard(reviewed);
    expect(decodeCard(encoded)).toEqual(reviewed);
    expect(encoded.length).toBeLessThan(JSON.stringify(reviewed).length / 2.5);
    const fresh = scheduleReview(null, true, at);
    expect(decodeCard(encodeCard(fresh))).toEqual(fresh);
  });

  it('packs all cards and all mistakes into one string each, and reads them back whole', () => {
    const cards = { '6b08d7790323af25d3a60001': reviewed, '6b08d7790323af25d3a60002': scheduleReview(null, false, at), 'odd=id;|%': reviewed };
    expect(decodeCards(encodeCards(cards))).toEqual(cards);
    const mistakes = {
      '6b08d7790323af25d3a60001': { chapterId: 'c1', topicId: 't1', subjectId: 's1', wrongCount: 2, lastWrongAt: at },
      'q;2': { chapterId: 'c|2', topicId: 't=2', subjectId: 's;2', wrongCount: 1, lastWrongAt: new Date('2026-03-02T01:02:03.004Z') },
    };
    expect(decodeMistakes(encodeMistakes(mistakes))).toEqual(mistakes);
    expect(decodeCards('')).toEqual({});
    expect(decodeMistakes('')).toEqual({});
    expect(decodeMistakes({ q: mistakes['q;2'] })).toEqual({ q: mistakes['q;2'] });
  });

  it('reads cards stored as objects (documents written before) as the same cards', () => {
    const asStored = JSON.parse(JSON.stringify(reviewed));
    expect(decodeCard(asStored)).toEqual(reviewed);
  });

  it('remembers applied answers by fixed-width keys, including ids kept raw by older documents', () => {
    const keys = ['a-1', 'a-2', 'completion:s1'].map(appliedKey);
    expect(new Set(keys).size).toBe(3);
    expect(keys.every((k) => k.length === 11)).toBe(true);
    expect(splitApplied(joinApplied(keys), undefined)).toEqual(keys);
    expect(splitApplied(joinApplied(keys.slice(2)), ['a-1', 'a-2'])).toEqual(keys);
    const learner = decodeLearner('u1', { _id: 'u1', cards: { q1: encodeCard(reviewed) }, recentAnswerIds: ['a-1'], applied: joinApplied([appliedKey('a-2')]) });
    expect(learner.cards.q1).toEqual(reviewed);
    expect(learner.appliedKeys).toEqual([appliedKey('a-1'), appliedKey('a-2')]);
    expect(decodeLearner('u2', null)).toMatchObject({ _id: 'u2', totalQuestions: 0, cards: {}, appliedKeys: [] });
    expect(decodeLearner('u1', encodeLearner(learner))).toEqual(learner);
  });
});
