import type { Connection, Model } from 'mongoose';
import { Schema } from 'mongoose';

/**
 * The catalogue's revision: one document, counted up after every write to subjects, chapters or topics
 * (repositories/publishing.ts). A replica keeps a class's listing while the revision it was read at is current
 * (reads/content-reads.ts); reading the revision is one `_id` lookup, which FerretDB does without a scan.
 */
export interface CatalogueRevisionDoc {
  _id: string;
  revision: number;
}

export const CATALOGUE_REVISION_ID = 'catalogue';

export function catalogueRevisionModel(db: Connection): Model<CatalogueRevisionDoc> {
  if (db.models.CatalogueRevision) return db.models.CatalogueRevision as Model<CatalogueRevisionDoc>;
  return db.model<CatalogueRevisionDoc>('CatalogueRevision', new Schema<CatalogueRevisionDoc>({
    _id: String, revision: { type: Number, default: 0 },
  }, { versionKey: false, strict: true, strictQuery: 'throw' }), 'catalogue_revisions');
}
