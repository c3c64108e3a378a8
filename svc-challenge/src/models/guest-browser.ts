// A guest's browser, as this service knows it: an id it issued (128 random bits), recorded here so a client cannot
// choose it (src/routes/guest-browser.ts sets it as a cookie).
import { modelOn } from '@lp/service-kit';
import { Schema, type Connection } from 'mongoose';

export interface GuestBrowserDoc { _id: string; issuedAt: Date }
const schema = new Schema<GuestBrowserDoc>({ _id: String, issuedAt: Date }, { versionKey: false });
export const guestBrowserModel = (db: Connection) => modelOn(db, 'ChallengeGuestBrowser', schema, 'guest_browsers');
