import { Uuid } from '@lp/contracts';
import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { chapterPublishedEventId } from '../../src/domain/event-id';

describe('chapter published event ids', () => {
  it('are the same UUID for the same chapter and content version, and differ otherwise', () => {
    const a = chapterPublishedEventId('64b000000000000000000001', 'v1');
    expect(Value.Check(Uuid, a)).toBe(true);
    expect(a).toBe(chapterPublishedEventId('64b000000000000000000001', 'v1'));
    expect(a).not.toBe(chapterPublishedEventId('64b000000000000000000001', 'v2'));
    expect(a).not.toBe(chapterPublishedEventId('64b000000000000000000002', 'v1'));
  });
});
