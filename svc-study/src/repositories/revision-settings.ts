// The admin's revision intervals (one document, _id 'revision'; absent means the defaults), cached for a few seconds:
// progress is polled every 5 s per learner.
import type { Connection, Model } from 'mongoose';
import { revisionDaysFrom, type RevisionDays } from '../domain/revision';
import { revisionSettingsModel, type RevisionSettingsDoc } from '../models/revision-settings';

const SETTINGS_CACHE_MS = 5000;

export class RevisionSettingsRepository {
  private readonly settings: Model<RevisionSettingsDoc>;
  private cached: { value: RevisionDays; until: number } | null = null;

  constructor(db: Connection, private readonly clock: () => Date) {
    this.settings = revisionSettingsModel(db);
  }

  async get(): Promise<RevisionDays> {
    if (this.cached && this.cached.until > Date.now()) return this.cached.value;
    const doc = await this.settings.findById('revision').lean();
    const value = revisionDaysFrom(doc);
    this.cached = { value, until: Date.now() + SETTINGS_CACHE_MS };
    return value;
  }

  async save(days: RevisionDays, by: string): Promise<RevisionDays> {
    // The admin's last save wins: a whole-document replace, never a partial merge of two saves.
    await this.settings.replaceOne({ _id: 'revision' }, { ...days, updatedAt: this.clock(), updatedBy: by }, { upsert: true });
    this.cached = null;
    return days;
  }
}
