import { DownloadChapterFile, ListDownloads } from '@lp/contracts';
import { addRoute, type ServiceApp } from '@lp/service-kit';
import type { ContentReads } from '../../reads/content-reads';

export function downloadRoutes(app: ServiceApp, reads: ContentReads) {
  addRoute(app, ListDownloads, async (request) => reads.downloads(request.query));
  // The params schema allows only a plain file name (no slash); reads.downloadFile then looks it up among
  // the published chapters, so a name is never a path.
  addRoute(app, DownloadChapterFile, async (request, reply) => {
    const file = await reads.downloadFile(request.params.filename);
    void reply.header('content-disposition', `attachment; filename="${file.filename}"`);
    return file.tree;
  });
}
