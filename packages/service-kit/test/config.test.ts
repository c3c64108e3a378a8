import { describe, expect, it } from 'vitest';
import { databaseUri } from '../src/config';

describe('databaseUri', () => {
  it('puts the service database into single-host, replica-set and SRV URIs, keeping options', () => {
    expect(databaseUri('mongodb://127.0.0.1:27017/', 'study')).toBe('mongodb://127.0.0.1:27017/study');
    expect(databaseUri('mongodb://127.0.0.1:27017', 'study')).toBe('mongodb://127.0.0.1:27017/study');
    expect(databaseUri('mongodb://u:p@a:27017,b:27017/admin?replicaSet=rs0&authSource=admin', 'content'))
      .toBe('mongodb://u:p@a:27017,b:27017/content?replicaSet=rs0&authSource=admin');
    expect(databaseUri('mongodb+srv://u:p@cluster.example/?retryWrites=true', 'billing')).toBe('mongodb+srv://u:p@cluster.example/billing?retryWrites=true');
  });

  it('refuses something that is not a MongoDB URI, without echoing credentials', () => {
    expect(() => databaseUri('postgres://u:secret@h/db', 'x')).toThrow(/not a mongodb/);
    expect(() => databaseUri('http://u:secret@h/', 'x')).not.toThrow(/secret/);
  });
});
