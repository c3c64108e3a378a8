// The admin upload calls (spec §7 Admin), typed from the contracts. Multipart goes through fetchWithSession.
import type { GuidedFormBody, PdfJobStarted, UploadProcessedContentBody, UploadTree } from '@lp/contracts';
import {
  GetPdfJob, ProcessGuidedForm, ProcessMultipleFiles, ProcessPdf, ProcessRawJson, UploadContent, UploadProcessedContent,
} from '@lp/contracts/urls';
import { fetchWithSession, throwIfNotOk } from '@lp/web-platform';
import { getRoute, sendRoute } from '@lp/web-platform/route-calls';

export const processRawJson = (rawJson: string) => sendRoute(ProcessRawJson, undefined, { rawJson });
export const processGuidedForm = (body: GuidedFormBody) => sendRoute(ProcessGuidedForm, undefined, body);
export const processMultipleFiles = (files: Array<{ filename: string; content: string }>) => sendRoute(ProcessMultipleFiles, undefined, { files });
export const publishTree = (tree: UploadTree) => sendRoute(UploadContent, undefined, tree);
export const publishProcessed = (body: UploadProcessedContentBody) => sendRoute(UploadProcessedContent, undefined, body);
export const pdfJob = (jobId: string) => getRoute(GetPdfJob, { id: jobId });

export async function startPdfJob(form: FormData): Promise<PdfJobStarted> {
  const res = await fetchWithSession(ProcessPdf.url, { method: 'POST', body: form, headers: { Accept: 'application/json' } });
  return (await throwIfNotOk(res)).json() as Promise<PdfJobStarted>;
}


export const MB = 1024 * 1024;
