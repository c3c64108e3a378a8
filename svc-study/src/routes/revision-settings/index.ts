// GET and POST /api/admin/revision-settings: the owner with admin elevation (the contract's access 'admin').
import { GetRevisionSettings, SaveRevisionSettings } from '@lp/contracts';
import { addRoute, schemaErrorMessage, type ServiceApp } from '@lp/service-kit';
import type { StudyContext } from '../../context';

export const INVALID_REVISION_DAYS = 'Invalid Input, All revision days must be greater than 0';

export async function revisionSettingsRoutes(ctx: StudyContext) {
  await ctx.app.register(async (scoped) => {
    // A day count below 1 (or not a whole number) answers the spec's own message (spec §5).
    scoped.setSchemaErrorFormatter((errors, dataVar) => {
      const daysError = errors.some((e) => /RevisionDays$/.test(e.instancePath) && (e.keyword === 'minimum' || e.keyword === 'type' || e.keyword === 'maximum'));
      return new Error(daysError ? INVALID_REVISION_DAYS : schemaErrorMessage(errors, dataVar));
    });
    const app = scoped as ServiceApp;
    addRoute(app, GetRevisionSettings, async () => ctx.revisionSettings.get());
    addRoute(app, SaveRevisionSettings, async (request) => ctx.revisionSettings.save(request.body, request.user!.sub));
  });
}
