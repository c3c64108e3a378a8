// Types of the OpenAI-compatible stand-in (openai.mjs), for the TypeScript tests that start it in-process.
import type { Server } from 'node:http';

export interface StandInQuestion {
  topic: string; question: string; options: string[]; correctAnswer: string; explanation: string; page: number; sourceExcerpt: string;
  hi: { question: string; options: string[]; explanation: string } | null;
}
export function questionsFor(text: string, count: number, topic?: string, options?: { hindi?: boolean }): StandInQuestion[];
export function createOpenAiStandIn(): Server;
export function startOpenAiStandIn(port?: number): Promise<{ server: Server; baseUrl: string; close(): Promise<void> }>;
