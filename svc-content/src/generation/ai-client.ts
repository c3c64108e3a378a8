// The AI model call: the official openai SDK, against OpenAI (OPENAI_API_KEY, optional OPENAI_BASE_URL and
// OPENAI_MODEL) or DeepSeek's OpenAI-compatible endpoint (DEEPSEEK_API_KEY). OpenAI gets structured output (a JSON
// schema of the question shape, strict); DeepSeek, which has no json_schema, gets json_object and the same shape in
// the prompt. Every call has a time-out; a failure is reported, never retried for long.
import OpenAI from 'openai';
import type { AiModel } from '@lp/contracts';
import type { GeneratedQuestion } from '../domain/review';

export interface AiProviderConfig { apiKey: string | null; baseUrl: string | null; model: string }
export interface AiConfig { openai: AiProviderConfig; deepseek: AiProviderConfig; timeoutMs: number }

/** The variable to set for each model choice, named in the message when it is missing. */
export const AI_KEY_VARIABLE: Record<AiModel, string> = { openai: 'OPENAI_API_KEY', deepseek: 'DEEPSEEK_API_KEY' };

export function readAiConfig(env: NodeJS.ProcessEnv = process.env): AiConfig {
  const timeout = Number(env.AI_TIMEOUT_MS);
  return {
    openai: { apiKey: env.OPENAI_API_KEY || null, baseUrl: env.OPENAI_BASE_URL || null, model: env.OPENAI_MODEL || 'gpt-4o-mini' },
    deepseek: { apiKey: env.DEEPSEEK_API_KEY || null, baseUrl: env.DEEPSEEK_BASE_URL || 'https://api.deepseek.com', model: env.DEEPSEEK_MODEL || 'deepseek-chat' },
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : 60_000,
  };
}

/** The structured-output schema: what one model answer must look like. */
export const QUESTIONS_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['questions'],
  properties: {
    questions: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['topic', 'question', 'options', 'correctAnswer', 'explanation', 'page', 'sourceExcerpt', 'hi'],
        properties: {
          topic: { type: 'string', description: 'a short topic name within the chapter' },
          question: { type: 'string', description: 'science notation as TeX between single dollars, e.g. $10^{-18}$' },
          options: { type: 'array', items: { type: 'string' }, description: 'exactly 4 distinct options' },
          correctAnswer: { type: 'string', description: 'the exact text of the one correct option' },
          explanation: { type: 'string', description: 'why the answer is right, from the text' },
          page: { type: 'integer', description: 'the [Page N] the question is based on' },
          sourceExcerpt: { type: 'string', description: 'a short quote (at most 200 characters) from that page supporting the answer' },
          hi: {
            type: ['object', 'null'],
            additionalProperties: false,
            required: ['question', 'options', 'explanation'],
            description: 'the question in Hindi (Devanagari), or null when Hindi is not asked for and the text is not Hindi',
            properties: {
              question: { type: 'string' },
              options: { type: 'array', items: { type: 'string' }, description: 'the 4 options in Hindi, in the same order as options' },
              explanation: { type: 'string' },
            },
          },
        },
      },
    },
  },
} as const;

export interface GenerateRequest {
  className: string; subjectName: string; chapterName: string;
  difficulty: 'easy' | 'medium' | 'hard'; count: number; text: string;
  /** Ask for each question in Hindi too (the admin's choice); a Hindi text gets Hindi whatever this says. */
  alsoHindi?: boolean;
}

/** Bilingual questions (issue 33 §1): English stays the main text; Hindi rides along in `hi`, options in the same order. */
export const HINDI_RULE =
  'Write question, options, correctAnswer and explanation in English. When the text is in Hindi, or when asked for Hindi, ' +
  'also give "hi": {"question","options","explanation"} in Hindi (Devanagari), options being the same 4 options in the same order; ' +
  'otherwise "hi" is null.';

/**
 * The authoring notation (`@lp/question-rules/notation`): the quiz renders TeX between dollars as formulas, so the
 * model writes it so rather than flattening ("6.25 x 10^-18", "1/r^2"); the excerpt stays a verbatim quote.
 */
export const NOTATION_RULE =
  'Write science notation in question, options, correctAnswer and explanation as TeX between single dollar signs: ' +
  'powers $6.25 \\times 10^{-18}$ C, fractions $\\frac{1}{r^2}$, subscripts $v_d$, formulas $I = neAv_d$, chemical formulas ' +
  '$\\text{H}_2\\text{SO}_4$, Greek letters $\\lambda$; never flatten it ("10^-18", "x 10", "1/r^2"). Plain words and prices stay ' +
  'plain text (write a dollar amount as \\$5). sourceExcerpt stays a verbatim quote of the page.';

export function prompt(req: GenerateRequest): { system: string; user: string } {
  return {
    system: 'You write multiple-choice questions for CBSE school students from textbook text. Use only facts stated in the text. ' +
      'Each question has exactly 4 distinct options and exactly one correct option; correctAnswer is that option\u2019s exact text. ' +
      `${NOTATION_RULE} ${HINDI_RULE} ` +
      'Answer with JSON only: {"questions":[{"topic","question","options","correctAnswer","explanation","page","sourceExcerpt","hi"}]}.',
    user: `Class: ${req.className}\nSubject: ${req.subjectName}\nChapter: ${req.chapterName}\n` +
      `Write ${req.count} multiple-choice questions of ${req.difficulty} difficulty from this text. ` +
      'Give the page number from the [Page N] marker the question comes from, and a short quote of that page supporting the answer.\n' +
      (req.alsoHindi ? 'Also write each question in Hindi (hi).\n' : '') +
      `<<<TEXT\n${req.text}\nTEXT>>>`,
  };
}

export class AiNotConfigured extends Error {
  constructor(readonly variable: string) { super(`No AI provider is configured: set ${variable} on svc-content to generate questions from a PDF.`); }
}

export type QuestionGenerator = (req: GenerateRequest) => Promise<GeneratedQuestion[]>;

/** A generator for the chosen model, or AiNotConfigured naming the variable to set. */
export function questionGenerator(config: AiConfig, model: AiModel): QuestionGenerator {
  const provider = config[model];
  if (!provider.apiKey) throw new AiNotConfigured(AI_KEY_VARIABLE[model]);
  const client = new OpenAI({ apiKey: provider.apiKey, ...(provider.baseUrl ? { baseURL: provider.baseUrl } : {}), timeout: config.timeoutMs, maxRetries: 1 });
  return async (req) => {
    const { system, user } = prompt(req);
    const completion = await client.chat.completions.create({
      model: provider.model,
      messages: [{ role: 'system', content: system }, { role: 'user', content: user }],
      response_format: model === 'openai'
        ? { type: 'json_schema', json_schema: { name: 'chapter_questions', strict: true, schema: QUESTIONS_SCHEMA as unknown as Record<string, unknown> } }
        : { type: 'json_object' },
      temperature: 0.3,
    });
    const content = completion.choices[0]?.message?.content ?? '';
    let parsed: unknown;
    try {
      parsed = JSON.parse(content);
    } catch {
      throw new Error('The AI model answered with something that is not JSON.');
    }
    const questions = (parsed as { questions?: unknown }).questions;
    if (!Array.isArray(questions)) throw new Error('The AI model\u2019s answer has no questions list.');
    return questions as GeneratedQuestion[];
  };
}

/** A readable reason for a failed model call (never the key). */
export function aiFailure(err: unknown, timeoutMs: number): string {
  if (err instanceof OpenAI.APIConnectionTimeoutError) return `The AI model did not answer within ${Math.round(timeoutMs / 1000)} s. Try again, or try a smaller PDF.`;
  if (err instanceof OpenAI.AuthenticationError) return 'The AI provider refused the API key. Check the key set on svc-content.';
  if (err instanceof OpenAI.RateLimitError) return 'The AI provider is rate limiting us. Wait a minute and try again.';
  if (err instanceof OpenAI.APIConnectionError) return 'The AI provider could not be reached. Try again later.';
  if (err instanceof OpenAI.APIError) return `The AI provider answered with an error (${err.status ?? 'no status'}). Try again later.`;
  return (err as Error).message || 'The AI model call failed.';
}
