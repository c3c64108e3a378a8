// /admin-upload's states past the form checks (test/admin.test.tsx): processing (button disabled), the preview with
// its counts, publishing then 'Upload successful', and the service refusing to process or to publish ('Processing
// Failed' / 'Upload Failed' with the server's message, spec §8). The API is faked at the fetch boundary.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UploadTree } from '@lp/contracts';
import { Value } from '@sinclair/typebox/value';
import { useToasts } from '@lp/web-platform';
import { AdminUploadPage } from '../../src/pages/AdminUploadPage.tsx';
import { apiError, fakeApi, heldReply, renderPage, toastTexts } from '../support.tsx';

beforeEach(() => useToasts.setState({ toasts: [] }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TREE: UploadTree = {
  className: 'CBSE Class 12',
  subjects: [{
    name: 'Biology',
    chapters: [{
      name: 'Cell: the unit of life', number: 1,
      topics: [{ name: 'Cell organelles', questions: [{ question: 'Powerhouse of the cell?', type: 'multiple_choice', options: ['Nucleus', 'Mitochondrion'], correctAnswer: 1 }] }],
    }],
  }],
};
const PROCESSED = { processedData: TREE, summary: { subjects: 1, chapters: 1, topics: 1, questions: 1 }, rejected: [] };

async function processRawJson() {
  renderPage(<AdminUploadPage />);
  fireEvent.click(screen.getByRole('button', { name: 'Use Raw JSON' }));
  fireEvent.change(screen.getByLabelText('JSON content'), { target: { value: JSON.stringify(TREE) } });
  fireEvent.click(screen.getByRole('button', { name: 'Process JSON' }));
}

describe('/admin-upload: raw JSON to the database', () => {
  it('says it is processing, previews the content with its counts, and publishes it on confirmation', async () => {
    const processing = heldReply();
    const calls = fakeApi({
      'POST /api/admin/process-raw-json': processing.handler,
      'POST /api/admin/upload': { body: { className: 'CBSE Class 12', chapters: [], questionCount: 1, rejected: [] } },
    });
    await processRawJson();
    expect((await screen.findByRole('button', { name: 'Processing...' })).hasAttribute('disabled')).toBe(true);
    processing.answer({ body: PROCESSED });
    const dialog = await screen.findByRole('dialog', { name: 'Preview Content' });
    expect(within(dialog).getByText('CBSE Class 12: 1 subject(s), 1 chapter(s), 1 topic(s), 1 question(s).')).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Chapter 1: Cell: the unit of life' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm and Publish' }));
    await waitFor(() => expect(toastTexts()).toEqual(['Upload successful, Content has been uploaded to the database']));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.find((c) => c.path === '/api/admin/process-raw-json')!.body).toEqual({ rawJson: JSON.stringify(TREE) });
    expect(calls.find((c) => c.path === '/api/admin/upload')!.body).toEqual(TREE);
  });

  it('previews science notation as the quiz shows it: MathML for TeX between dollars', async () => {
    const notated: UploadTree = {
      ...TREE,
      subjects: [{ ...TREE.subjects[0]!, chapters: [{ ...TREE.subjects[0]!.chapters[0]!, topics: [{ name: 'Charge', questions: [
        { question: 'The charge of $6.25 \\times 10^{18}$ electrons is', type: 'short_answer', correctAnswer: '$1$ C' },
      ] }] }] }],
    };
    fakeApi({ 'POST /api/admin/process-raw-json': { body: { ...PROCESSED, processedData: notated } } });
    await processRawJson();
    const dialog = await screen.findByRole('dialog', { name: 'Preview Content' });
    fireEvent.click(within(dialog).getByText('Charge (1 questions)'));
    await waitFor(() => expect(dialog.querySelector('msup')?.textContent).toBe('1018'));
  });

  it('previews a bilingual chapter with its Hindi names, question and options beside the English', async () => {
    const bilingual: UploadTree = {
      ...TREE,
      subjects: [{ ...TREE.subjects[0]!, hi: { name: 'जीव विज्ञान' }, chapters: [{ ...TREE.subjects[0]!.chapters[0]!, hi: { name: 'कोशिका: जीवन की इकाई' }, topics: [{ name: 'Organelles', questions: [
        { question: 'Powerhouse of the cell?', type: 'multiple_choice', options: ['Nucleus', 'Mitochondrion'], correctAnswer: 'Mitochondrion', hi: { question: 'कोशिका का ऊर्जा घर?', options: ['केन्द्रक', 'माइटोकॉन्ड्रिया'] } },
      ] }] }] }],
    };
    fakeApi({ 'POST /api/admin/process-raw-json': { body: { ...PROCESSED, processedData: bilingual } } });
    await processRawJson();
    const dialog = await screen.findByRole('dialog', { name: 'Preview Content' });
    expect(within(dialog).getByRole('heading', { name: 'Biology · जीव विज्ञान' })).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Chapter 1: Cell: the unit of life · कोशिका: जीवन की इकाई' })).toBeTruthy();
    fireEvent.click(within(dialog).getByText('Organelles (1 questions)'));
    expect(within(dialog).getByText('कोशिका का ऊर्जा घर?').closest('[lang="hi"]')).toBeTruthy();
    expect(within(dialog).getByText('(केन्द्रक / माइटोकॉन्ड्रिया)', { exact: false })).toBeTruthy();
  });

  it("says 'Processing Failed' with the server's message when the content is refused", async () => {
    fakeApi({ 'POST /api/admin/process-raw-json': apiError(400, 'Chapter 1 has no topics') });
    await processRawJson();
    await waitFor(() => expect(toastTexts()).toEqual(['Processing Failed, Chapter 1 has no topics']));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Process JSON' }).hasAttribute('disabled')).toBe(false);
  });

  it("says 'Upload Failed' with the server's message when publishing is refused, keeping the preview", async () => {
    fakeApi({
      'POST /api/admin/process-raw-json': { body: PROCESSED },
      'POST /api/admin/upload': apiError(503, 'Content is unavailable'),
    });
    await processRawJson();
    const dialog = await screen.findByRole('dialog', { name: 'Preview Content' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm and Publish' }));
    await waitFor(() => expect(toastTexts()).toEqual(['Upload Failed, Content is unavailable']));
    expect(screen.getByRole('dialog', { name: 'Preview Content' })).toBeTruthy();
  });
});

describe('/admin-upload from the keyboard (issue 33 §3): the preview takes the focus and gives it back', () => {
  const focusedName = () => (document.activeElement as HTMLElement | null)?.textContent ?? '';

  it('moves the focus into the preview, and after publishing back to Process JSON (not lost on the page)', async () => {
    fakeApi({
      'POST /api/admin/process-raw-json': { body: PROCESSED },
      'POST /api/admin/upload': { body: { className: 'CBSE Class 12', chapters: [], questionCount: 1, rejected: [] } },
    });
    await processRawJson();
    const dialog = await screen.findByRole('dialog', { name: 'Preview Content' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm and Publish' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(focusedName()).toBe('Process JSON'));
  });

  it('closes the preview on Escape, publishing nothing, with the focus back on Process JSON', async () => {
    const calls = fakeApi({ 'POST /api/admin/process-raw-json': { body: PROCESSED } });
    await processRawJson();
    const dialog = await screen.findByRole('dialog', { name: 'Preview Content' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(focusedName()).toBe('Process JSON'));
    expect(calls.filter((c) => c.path === '/api/admin/upload')).toHaveLength(0);
  });
});

describe('/admin-upload: one path, process → preview → confirm and publish (issue 31 §15)', () => {
  it('offers no publish button beside any method: only the preview publishes', async () => {
    fakeApi({});
    renderPage(<AdminUploadPage />);
    for (const method of ['Raw JSON', 'Guided Form', 'PDF to MCQ', 'JSON File']) {
      fireEvent.click(screen.getByRole('button', { name: `Use ${method}` }));
      expect(screen.queryByRole('button', { name: /upload to database|publish/i })).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    }
  });

  it('forgets the processed content when the preview is cancelled: nothing is published', async () => {
    const calls = fakeApi({
      'POST /api/admin/process-raw-json': { body: PROCESSED },
      'POST /api/admin/upload': { body: { className: 'CBSE Class 12', chapters: [], questionCount: 1, rejected: [] } },
    });
    await processRawJson();
    const dialog = await screen.findByRole('dialog', { name: 'Preview Content' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('button', { name: /upload to database|publish/i })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.click(screen.getByRole('button', { name: 'Use JSON File' }));
    expect(screen.queryByRole('button', { name: /upload to database|publish/i })).toBeNull();
    expect(calls.filter((c) => c.path === '/api/admin/upload')).toHaveLength(0);
  });

  it('drops a processing answer that arrives after the owner switched method', async () => {
    const processing = heldReply();
    fakeApi({ 'POST /api/admin/process-raw-json': processing.handler });
    await processRawJson();
    await screen.findByRole('button', { name: 'Processing...' });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.click(screen.getByRole('button', { name: 'Use Guided Form' }));
    // Let the late answer settle (its promises run before the next task), then look.
    await act(async () => {
      processing.answer({ body: PROCESSED });
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

const CATALOGUE = [{
  id: '64d1de000000000000000101', name: 'Biology', className: 'CBSE Class 12',
  chapters: [{ id: '64d1de000000000000000201', name: 'Evolution', order: 6, questionCount: 20, topics: [] }],
}];

describe('/admin-upload: the catalogue, not free text (issue 31 §16)', () => {
  it('offers the stored subjects and chapters, marks a typed name new or existing, and sends "biology" as the stored "Biology"', async () => {
    const calls = fakeApi({
      'GET /api/subjects/with-chapters': { body: CATALOGUE },
      'POST /api/admin/process-guided-form': { body: PROCESSED },
    });
    renderPage(<AdminUploadPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Use Guided Form' }));
    fireEvent.change(screen.getByLabelText('Class'), { target: { value: 'CBSE Class 12' } });
    const subject = screen.getByLabelText('Subject name') as HTMLInputElement;
    await waitFor(() => expect([...subject.list!.options].map((o) => o.value)).toEqual(['Biology']));
    fireEvent.change(subject, { target: { value: 'Chemistry' } });
    expect(screen.getByText('New subject: not in the catalogue yet')).toBeTruthy();
    fireEvent.change(subject, { target: { value: 'biology ' } });
    expect(screen.getByText('Existing subject "Biology" (saved under that name)')).toBeTruthy();
    const chapter = screen.getByLabelText('Chapter name') as HTMLInputElement;
    expect([...chapter.list!.options].map((o) => o.value)).toEqual(['Evolution']);
    fireEvent.change(chapter, { target: { value: 'Evolution' } });
    expect(screen.getByText('Existing chapter')).toBeTruthy();
    expect((screen.getByLabelText('Chapter number') as HTMLInputElement).value).toBe('6');
    fireEvent.change(screen.getByLabelText('Questions (JSON)'), { target: { value: '[]' } });
    fireEvent.click(screen.getByRole('button', { name: 'Process Form' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/admin/process-guided-form')).toBeTruthy());
    expect(calls.find((c) => c.path === '/api/admin/process-guided-form')!.body).toMatchObject({ subjectName: 'Biology', chapterName: 'Evolution', chapterNumber: 6 });
  });

  it('marks each subject and chapter of the preview new or existing', async () => {
    const withNew: UploadTree = { ...TREE, subjects: [TREE.subjects[0]!, { name: 'Chemistry', chapters: [{ ...TREE.subjects[0]!.chapters[0]!, name: 'Solutions' }] }] };
    withNew.subjects[0] = { ...TREE.subjects[0]!, chapters: [...TREE.subjects[0]!.chapters, { ...TREE.subjects[0]!.chapters[0]!, name: 'evolution', number: 6 }] };
    fakeApi({
      'GET /api/subjects/with-chapters': { body: CATALOGUE },
      'POST /api/admin/process-raw-json': { body: { ...PROCESSED, processedData: withNew } },
    });
    await processRawJson();
    const dialog = await screen.findByRole('dialog', { name: 'Preview Content' });
    await waitFor(() => expect(within(dialog).getAllByText(/^(New|Existing) (subject|chapter)/).map((e) => e.textContent)).toEqual([
      'Existing subject', 'New chapter', 'Existing chapter "Evolution": questions are added to it',
      'New subject', 'New chapter',
    ]));
  });
});

describe('/admin-upload: Raw JSON helps the owner write it (issue 31 §17)', () => {
  const openRaw = (text: string) => {
    renderPage(<AdminUploadPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Use Raw JSON' }));
    fireEvent.change(screen.getByLabelText('JSON content'), { target: { value: text } });
    fireEvent.click(screen.getByRole('button', { name: 'Process JSON' }));
  };

  it('offers a template to download, in the upload format', () => {
    fakeApi({});
    renderPage(<AdminUploadPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Use Raw JSON' }));
    const link = screen.getByRole('link', { name: 'Download a template' });
    expect(link.getAttribute('download')).toBe('upload-template.json');
    const template: unknown = JSON.parse(decodeURIComponent(link.getAttribute('href')!.replace(/^data:application\/json;charset=utf-8,/, '')));
    expect(Value.Check(UploadTree, template)).toBe(true);
  });

  it('shows a syntax error in place with its line and column, until the text changes', () => {
    const calls = fakeApi({});
    openRaw('{\n  "className": "CBSE Class 12",\n  "subjects" []\n}');
    expect(screen.getByRole('alert', { name: 'Problems in the JSON' }).textContent).toBe('Line 3, column 14: a colon (:) was expected after the name');
    expect(screen.getByLabelText('JSON content').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('JSON content'), { target: { value: '{}' } });
    expect(screen.queryByRole('alert', { name: 'Problems in the JSON' })).toBeNull();
  });

  it("shows each field the server refused with its line, beside the server's toast", async () => {
    fakeApi({ 'POST /api/admin/process-raw-json': apiError(400, 'The upload was rejected and nothing was published: 1 problem found. Fix it and upload again.\n- subjects[0].chapters[0].name: Chapter name is missing') });
    openRaw('{\n  "className": "CBSE Class 12",\n  "subjects": [{\n    "name": "Biology",\n    "chapters": [\n      { "topics": [] }\n    ]\n  }]\n}');
    const problems = await screen.findByRole('alert', { name: 'Problems in the JSON' });
    expect(problems.textContent).toBe('Line 6, subjects[0].chapters[0].name: Chapter name is missing');
  });
});

describe('/admin-upload: the PDF review keeps what the owner edits (issue 31 §17)', () => {
  const GENERATED = {
    topic: 'Cells', question: 'Powerhouse of the cell?', type: 'multiple_choice' as const, options: ['Nucleus', 'Mitochondrion'],
    correctAnswer: 'Mitochondrion', explanation: 'It makes ATP.', difficulty: 2, page: 3, excerpt: 'Mitochondria make ATP',
  };
  const DONE = {
    jobId: 'job-1', state: 'done', stage: 'Done', pageCount: 4, pagesRead: 4, chunkCount: 1, chunksDone: 1, questionsKept: 1, percent: 100, message: null,
    result: { processedData: TREE, questions: [GENERATED], generated: 1, kept: 1, dropped: [] },
  };

  it('edits the explanation, and Cancel then Continue review brings the edits back; Convert sends them with the PDF source', async () => {
    const calls = fakeApi({
      'POST /api/admin/process-pdf': { status: 202, body: { jobId: 'job-1' } },
      'GET /api/admin/pdf-jobs/job-1': { body: DONE },
      'POST /api/admin/process-raw-json': { body: PROCESSED },
    });
    renderPage(<AdminUploadPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Use PDF to MCQ' }));
    fireEvent.change(screen.getByLabelText('Class'), { target: { value: 'CBSE Class 12' } });
    fireEvent.change(screen.getByLabelText('Subject name'), { target: { value: 'Biology' } });
    fireEvent.change(screen.getByLabelText('Chapter number'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Chapter name'), { target: { value: 'Cell' } });
    fireEvent.change(screen.getByLabelText('PDF file (at most 10 MB)'), { target: { files: [new File(['%PDF'], 'cell.pdf', { type: 'application/pdf' })] } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Questions' }));

    let dialog = await screen.findByRole('dialog', { name: 'Review Generated Questions' });
    fireEvent.change(within(dialog).getByLabelText('Explanation'), { target: { value: 'Mitochondria make most of the ATP.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // From the keyboard (issue 33 §3): closing the review leaves the focus on the button that reopens it.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Continue review (1 questions)'));
    fireEvent.click(screen.getByRole('button', { name: 'Continue review (1 questions)' }));
    dialog = await screen.findByRole('dialog', { name: 'Review Generated Questions' });
    expect((within(dialog).getByLabelText('Explanation') as HTMLTextAreaElement).value).toBe('Mitochondria make most of the ATP.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Convert Format' }));
    const preview = await screen.findByRole('dialog', { name: 'Preview Content' });
    const sent = JSON.parse((calls.find((c) => c.path === '/api/admin/process-raw-json')!.body as { rawJson: string }).rawJson) as UploadTree;
    expect(sent.subjects[0]!.chapters[0]!.topics[0]!.questions[0]).toMatchObject({
      explanation: 'Mitochondria make most of the ATP.', sourcePage: 3, sourceExcerpt: 'Mitochondria make ATP',
    });
    // The preview, opened by code, takes the focus; Escape gives it back to Generate Questions, not to the page's top.
    await waitFor(() => expect(preview.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Generate Questions'));
  });

  it('asks for Hindi when ticked, shows the Hindi version for editing, and Convert sends it', async () => {
    const bilingual = { ...GENERATED, hi: { question: 'कोशिका का ऊर्जा घर?', options: ['केन्द्रक', 'माइटोकांड्रिया'], explanation: 'यह ATP बनाता है।' } };
    const calls = fakeApi({
      'POST /api/admin/process-pdf': { status: 202, body: { jobId: 'job-1' } },
      'GET /api/admin/pdf-jobs/job-1': { body: { ...DONE, result: { ...DONE.result, questions: [bilingual] } } },
      'POST /api/admin/process-raw-json': { body: PROCESSED },
    });
    renderPage(<AdminUploadPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Use PDF to MCQ' }));
    fireEvent.change(screen.getByLabelText('Class'), { target: { value: 'CBSE Class 12' } });
    fireEvent.change(screen.getByLabelText('Subject name'), { target: { value: 'Biology' } });
    fireEvent.change(screen.getByLabelText('Chapter number'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Chapter name'), { target: { value: 'Cell' } });
    fireEvent.click(screen.getByLabelText('Also in Hindi (a Hindi PDF gets Hindi anyway)'));
    fireEvent.change(screen.getByLabelText('PDF file (at most 10 MB)'), { target: { files: [new File(['%PDF'], 'cell.pdf', { type: 'application/pdf' })] } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Questions' }));

    const dialog = await screen.findByRole('dialog', { name: 'Review Generated Questions' });
    expect((calls.find((c) => c.path === '/api/admin/process-pdf')!.body as FormData).get('alsoHindi')).toBe('true');
    const hindi = within(dialog).getByRole('group', { name: 'Hindi version of question 1' });
    expect((within(hindi).getByLabelText('Question in Hindi') as HTMLTextAreaElement).value).toBe('कोशिका का ऊर्जा घर?');
    fireEvent.change(within(hindi).getByLabelText('Hindi option 2'), { target: { value: 'माइटोकॉन्ड्रिया' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Convert Format' }));
    await screen.findByRole('dialog', { name: 'Preview Content' });
    const sent = JSON.parse((calls.find((c) => c.path === '/api/admin/process-raw-json')!.body as { rawJson: string }).rawJson) as UploadTree;
    expect(sent.subjects[0]!.chapters[0]!.topics[0]!.questions[0]!.hi).toEqual({ question: 'कोशिका का ऊर्जा घर?', options: ['केन्द्रक', 'माइटोकॉन्ड्रिया'], explanation: 'यह ATP बनाता है।' });
  });
});
