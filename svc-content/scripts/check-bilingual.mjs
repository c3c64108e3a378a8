#!/usr/bin/env node
// `node svc-content/scripts/check-bilingual.mjs [file.json ...]`: checks the optional Hindi fields of the seed files
// (issue 33 §1) and prints, per file, how many questions have Hindi and how many do not. Node only, no dependencies.
// Files named on the command line must be fully bilingual; with no names every chapter file is read, and those
// whose subject carries `hi` must be fully bilingual while the others only have whatever Hindi they hold checked.
// The format: subject and chapter `hi.name`; topic `hi.name` and `hi.description`; question `hi.question`,
// `hi.explanation`, `hi.options` (multiple choice only, same count and order: the correct Hindi option is at the
// English key's index, so there is no hi.correctAnswer) and `hi.correctAnswer` (short answer only). True/false
// questions carry neither (the UI shows सही/गलत).
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SEED_DIR = fileURLToPath(new URL('../seed/', import.meta.url));

const DEVANAGARI = /[\u0900-\u097F]/;
/** TeX spans stay as they are inside the Hindi text. */
const TEX = /\$[^$]+\$/g;
/** English left in a Hindi field: Latin letters outside TeX and no Devanagari (a bare number such as 1991 is fine). */
const untranslated = (text) => !DEVANAGARI.test(text) && /[A-Za-z]/.test(text.replace(TEX, ''));
const ALLOWED = {
  subject: ['name'],
  chapter: ['name'],
  topic: ['name', 'description'],
  multiple_choice: ['question', 'options', 'explanation'],
  true_false: ['question', 'explanation'],
  short_answer: ['question', 'correctAnswer', 'explanation'],
};

/** `multiple-choice`, `Multiple Choice` ... as the ingest reads them. */
const typeOf = (raw) => String(raw ?? '').trim().toLowerCase().replace(/[\s\-/]+/g, '_');
/** Options may be uploaded as a JSON array string. */
function optionsOf(raw) {
  if (Array.isArray(raw)) return raw;
  try { const parsed = JSON.parse(String(raw)); return Array.isArray(parsed) ? parsed : []; } catch { return []; }
}
const isRecord = (v) => Boolean(v) && typeof v === 'object' && !Array.isArray(v);

/** The problems of one Hindi object against its English counterpart (fields: [hiKey, englishValue, required]). */
function checkHi(where, kind, hi, fields, problems) {
  if (hi === undefined) { problems.push(`${where}: has no Hindi (hi)`); return; }
  if (!isRecord(hi)) { problems.push(`${where}: hi must be an object`); return; }
  for (const key of Object.keys(hi)) if (!ALLOWED[kind].includes(key)) problems.push(`${where}: hi.${key} is not part of the format for ${kind}`);
  for (const [key, english, required] of fields) {
    const text = hi[key];
    if (text === undefined) { if (required) problems.push(`${where}: hi.${key} is missing`); continue; }
    if (typeof text !== 'string' || text.trim() === '') { problems.push(`${where}: hi.${key} is empty`); continue; }
    if (untranslated(text)) problems.push(`${where}: hi.${key} has no Devanagari (untranslated?): "${text}"`);
    for (const span of String(english ?? '').match(TEX) ?? []) if (!text.includes(span)) problems.push(`${where}: hi.${key} lacks the notation ${span}`);
  }
}

function checkQuestion(where, q, problems) {
  const type = typeOf(q.type);
  const hi = q.hi;
  checkHi(where, type in ALLOWED ? type : 'multiple_choice', hi, [
    ['question', q.question, true],
    ['explanation', q.explanation, typeof q.explanation === 'string' && q.explanation.trim() !== ''],
    ...(type === 'short_answer' ? [['correctAnswer', q.correctAnswer, true]] : []),
  ], problems);
  if (!isRecord(hi) || type !== 'multiple_choice') return;
  const english = optionsOf(q.options);
  if (!Array.isArray(hi.options)) { problems.push(`${where}: hi.options must be a list of ${english.length} options`); return; }
  if (hi.options.length !== english.length) problems.push(`${where}: hi.options has ${hi.options.length} entries, options has ${english.length}`);
  hi.options.forEach((option, i) => {
    if (typeof option !== 'string' || option.trim() === '') problems.push(`${where}: hi.options[${i}] is empty`);
    else if (untranslated(option)) problems.push(`${where}: hi.options[${i}] has no Devanagari (untranslated?): "${option}"`);
  });
  if (new Set(hi.options.map((o) => String(o).trim())).size !== hi.options.length) problems.push(`${where}: hi.options are not distinct`);
}

/** One chapter file: its question counts with and without Hindi, and every rule it breaks. */
export function checkFile(path, { requireHindi = false } = {}) {
  const file = basename(path);
  let tree;
  try { tree = JSON.parse(readFileSync(path, 'utf8')); } catch (error) {
    return { file, questions: 0, withHindi: 0, withoutHindi: 0, problems: [`${file}: not valid JSON (${error.message})`] };
  }
  const problems = [];
  let questions = 0;
  let withHindi = 0;
  (tree.subjects ?? []).forEach((subject, s) => {
    const must = requireHindi || subject.hi !== undefined;
    const need = (obj) => must || obj.hi !== undefined;
    if (need(subject)) checkHi(`subjects[${s}]`, 'subject', subject.hi, [['name', subject.name, true]], problems);
    (subject.chapters ?? []).forEach((chapter, c) => {
      const chapterAt = `subjects[${s}].chapters[${c}]`;
      if (need(chapter)) checkHi(chapterAt, 'chapter', chapter.hi, [['name', chapter.name, true]], problems);
      (chapter.topics ?? []).forEach((topic, t) => {
        const topicAt = `${chapterAt}.topics[${t}]`;
        if (need(topic)) checkHi(topicAt, 'topic', topic.hi, [['name', topic.name, true], ['description', topic.description, typeof topic.description === 'string']], problems);
        (topic.questions ?? []).forEach((q, i) => {
          questions += 1;
          if (q.hi !== undefined) withHindi += 1;
          if (need(q)) checkQuestion(`${topicAt}.questions[${i}] ("${String(q.question).slice(0, 40)}")`, q, problems);
        });
      });
    });
  });
  return { file, questions, withHindi, withoutHindi: questions - withHindi, problems: problems.map((p) => `${file} ${p}`) };
}

/** The chapter files of the seed (everything but the catalogue). */
export function chapterFiles(dir = SEED_DIR) {
  return readdirSync(dir).filter((name) => name.endsWith('.json') && name !== 'catalogue.json').sort().map((name) => join(dir, name));
}

/** Named files must be fully bilingual; with none, every chapter file is read and only its Hindi is checked. */
export function checkBilingual(paths) {
  const named = paths !== undefined && paths.length > 0;
  return (named ? paths : chapterFiles()).map((path) => checkFile(path, { requireHindi: named }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = checkBilingual(process.argv.slice(2));
  for (const r of results) console.log(`${r.file}: ${r.withHindi} with Hindi, ${r.withoutHindi} without${r.problems.length ? `, ${r.problems.length} problems` : ''}`);
  const problems = results.flatMap((r) => r.problems);
  for (const p of problems) console.error(p);
  process.exit(problems.length ? 1 : 0);
}
