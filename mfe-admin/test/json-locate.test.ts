import { describe, expect, it } from 'vitest';
import { locateJson, refusedFields } from '../src/upload/json-locate.ts';

describe('locating problems in pasted JSON', () => {
  it('gives the line and column of a syntax error', () => {
    expect(locateJson('{\n  "a": 1,\n  "b" 2\n}')).toEqual({ ok: false, spot: { line: 3, column: 7 }, problem: 'a colon (:) was expected after the name' });
    expect(locateJson('{"a": [1, 2,]}')).toMatchObject({ ok: false, spot: { line: 1, column: 13 } });
    expect(locateJson('{"a":')).toMatchObject({ ok: false, problem: 'the JSON ends too early' });
  });

  it('finds the line of a field by its path, or of its parent when the field is missing', () => {
    const located = locateJson('{\n  "subjects": [\n    {\n      "name": "Biology",\n      "chapters": []\n    }\n  ]\n}');
    if (!located.ok) throw new Error('valid JSON');
    expect(located.lineOf('subjects[0].name')).toBe(4);
    expect(located.lineOf('subjects[0].chapters[0].name')).toBe(5);
    expect(located.lineOf('subjects[0]')).toBe(3);
  });

  it("reads the refused fields of svc-content's upload refusal", () => {
    expect(refusedFields('The upload was rejected and nothing was published: 2 problems found. Fix them and upload again.\n- subjects[0].name: Subject is missing\n- subjects[0].chapters[0].topics[0].questions[1]: answer is not an option'))
      .toEqual([{ path: 'subjects[0].name', reason: 'Subject is missing' }, { path: 'subjects[0].chapters[0].topics[0].questions[1]', reason: 'answer is not an option' }]);
  });
});
