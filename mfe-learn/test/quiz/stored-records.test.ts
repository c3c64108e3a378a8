// The offline pieces' localStorage records (pending starts, kept quiz sittings): what is stored badly reads as
// nothing and is replaced by the next write; a full or blocked storage loses nothing the page still holds.
import { describe, expect, it } from 'vitest';
import { StoredRecords, type Store } from '../../src/offline/stored-records.ts';

const memory = (initial: string | null = null): Store & { value: string | null } => {
  const store = {
    value: initial,
    getItem: () => store.value,
    setItem: (_key: string, value: string) => { store.value = value; },
    removeItem: () => { store.value = null; },
  };
  return store;
};

describe('StoredRecords', () => {
  it('reads unreadable or wrongly shaped storage as no entries, and the next write replaces it', () => {
    for (const bad of ['not json', '[1,2]', 'null', '42']) {
      const store = memory(bad);
      const records = new StoredRecords<{ n: number }>(store, 'k');
      expect(records.read()).toEqual({});
      records.write({ a: { n: 1 } });
      expect(JSON.parse(store.value!)).toEqual({ a: { n: 1 } });
    }
  });

  it('removes the key when the last entry goes, and removing an unknown id writes nothing', () => {
    const store = memory();
    const records = new StoredRecords<number>(store, 'k');
    records.write({ a: 1, b: 2 });
    records.remove('c');
    expect(records.read()).toEqual({ a: 1, b: 2 });
    records.remove('a');
    records.remove('b');
    expect(store.value).toBeNull();
  });

  it('does not throw when storage is full or blocked, nor without storage at all', () => {
    const full: Store = { getItem: () => null, setItem: () => { throw new DOMException('full', 'QuotaExceededError'); }, removeItem: () => {} };
    expect(() => new StoredRecords<number>(full, 'k').write({ a: 1 })).not.toThrow();
    const none = new StoredRecords<number>(null, 'k');
    expect(none.read()).toEqual({});
    expect(() => none.write({ a: 1 })).not.toThrow();
  });
});
