// Where a problem sits in pasted JSON, so the Raw JSON form can show it in place (issue 31 §17): the line and column
// of a syntax error (browsers' JSON.parse messages differ and often give no position), and the line of each field
// the server refused by its path (`subjects[0].chapters[1].name`, as svc-content's upload rejections name them).

export interface JsonSpot { line: number; column: number }
export type JsonLocated =
  | { ok: true; lineOf(path: string): number | null }
  | { ok: false; spot: JsonSpot; problem: string };

class Stop extends Error { constructor(readonly offset: number, readonly problem: string) { super(problem); } }

/** Reads `text` as JSON, noting the offset where each value starts under its path. */
export function locateJson(text: string): JsonLocated {
  const starts = new Map<string, number>();
  let i = 0;
  const skip = () => { while (i < text.length && ' \t\n\r'.includes(text[i]!)) i += 1; };
  const expect = (char: string, what: string) => {
    skip();
    if (text[i] !== char) throw new Stop(i, what);
    i += 1;
  };
  const string = () => {
    expect('"', 'a "quoted" name or text was expected');
    const from = i;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    if (i >= text.length) throw new Stop(from - 1, 'this text is never closed with "');
    i += 1;
    return JSON.parse(text.slice(from - 1, i)) as string;
  };
  const value = (path: string) => {
    skip();
    starts.set(path, i);
    const c = text[i];
    if (c === '{') {
      i += 1;
      skip();
      if (text[i] === '}') { i += 1; return; }
      for (;;) {
        const key = string();
        expect(':', 'a colon (:) was expected after the name');
        value(path ? `${path}.${key}` : key);
        skip();
        if (text[i] === ',') { i += 1; continue; }
        if (text[i] === '}') { i += 1; return; }
        throw new Stop(i, 'a comma (,) or closing } was expected');
      }
    }
    if (c === '[') {
      i += 1;
      skip();
      if (text[i] === ']') { i += 1; return; }
      for (let n = 0; ; n += 1) {
        value(`${path}[${n}]`);
        skip();
        if (text[i] === ',') { i += 1; continue; }
        if (text[i] === ']') { i += 1; return; }
        throw new Stop(i, 'a comma (,) or closing ] was expected');
      }
    }
    if (c === '"') { string(); return; }
    const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(i));
    if (!literal) throw new Stop(i, i >= text.length ? 'the JSON ends too early' : 'a value was expected (text in "quotes", a number, true, false, null, { or [)');
    i += literal[0].length;
  };
  try {
    value('');
    skip();
    if (i < text.length) throw new Stop(i, 'unexpected text after the end of the JSON');
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
    return { ok: false, spot: spotOf(text, error.offset), problem: error.problem };
  }
  return {
    ok: true,
    // The field itself, else its nearest enclosing value that exists (a missing field is reported on its parent).
    lineOf(path) {
      for (let p = path; ; p = p.replace(/(\.[^.[\]]+|\[\d+\])$/, '')) {
        const at = starts.get(p);
        if (at !== undefined) return spotOf(text, at).line;
        if (p === '') return null;
      }
    },
  };
}

function spotOf(text: string, offset: number): JsonSpot {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

/** The `- path: reason` lines of an upload refusal (svc-content's UploadRejected message). */
export function refusedFields(message: string): Array<{ path: string; reason: string }> {
  return [...message.matchAll(/^- ([\w.[\]]+): (.+)$/gm)].map((m) => ({ path: m[1]!, reason: m[2]! }));
}
