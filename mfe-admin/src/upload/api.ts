// The admin upload calls (spec §7 Admin), typed from the contracts. Multipart goes through fetchWithSession.
import {
  GetPdfJob, ProcessGuidedForm, ProcessMultipleFiles, ProcessPdf, ProcessRawJson, UploadContent, UploadProcessedContent, urlOf,
  type GuidedFormBody, type MultiFileResult, type PdfJob, type PdfJobStarted, type ProcessedContent, type PublishResult,
  type UploadProcessedContentBody, type UploadTree,
} from '@lp/contracts';
import { ApiError, fetchWithSession, getJson, sendJson, throwIfNotOk } from '@lp/web-platform';

export const processRawJson = (rawJson: string) => sendJson<ProcessedContent>('POST', ProcessRawJson.url, { rawJson });
export const processGuidedForm = (body: GuidedFormBody) => sendJson<ProcessedContent>('POST', ProcessGuidedForm.url, body);
export const processMultipleFiles = (files: Array<{ filename: string; content: string }>) => sendJson<MultiFileResult>('POST', ProcessMultipleFiles.url, { files });
export const publishTree = (tree: UploadTree) => sendJson<PublishResult>('POST', UploadContent.url, tree);
export const publishProcessed = (body: UploadProcessedContentBody) => sendJson<PublishResult>('POST', UploadProcessedContent.url, body);
export const pdfJob = (jobId: string) => getJson<PdfJob>(urlOf(GetPdfJob, { id: jobId }));

export async function startPdfJob(form: FormData): Promise<PdfJobStarted> {
  const res = await fetchWithSession(ProcessPdf.url, { method: 'POST', body: form, headers: { Accept: 'application/json' } });
  return (await throwIfNotOk(res)).json() as Promise<PdfJobStarted>;
}

/** The server's own message from an API error (the body's `message`), for the toasts that show it (spec §8). */
export function serverMessage(error: unknown): string {
  if (error instanceof ApiError) return error.reason;
  return error instanceof Error ? error.message : String(error);
}

export const MB = 1024 * 1024;
