#!/usr/bin/env node
// Run once (issue 31 item 10): the seed banks were written with flattened science notation ("6.25 x 10^-18",
// "mol L^-1", "1/r^2", "H2SO4", "ε0"); this rewrites question, options, correctAnswer and explanation into the
// authoring notation, TeX between single dollars (`@lp/question-rules/notation`). Conservative: only forms it
// recognises change; answer keys change with their options, so they still match. `node scripts/seed-notation.mjs`
// rewrites svc-content/seed/*.json in place; running it again changes nothing.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ELEMENTS = new Set(('H He Li Be B C N O F Ne Na Mg Al Si P S Cl Ar K Ca Sc Ti V Cr Mn Fe Co Ni Cu Zn Ga Ge As Se Br Kr ' +
  'Rb Sr Ag Cd Sn Sb I Xe Cs Ba Pt Au Hg Pb Bi U').split(' '));
/** Molecules of one element that are read as formulas (not F1/F2 generations or G1 phases). */
const DIATOMIC = new Set(['H2', 'O2', 'N2', 'Cl2', 'Br2', 'O3']);
const UNITS = new Set('mol L s m kg g C N J K S min cm mm km h bar atm Pa V A W F T Hz mL dm'.split(' '));
const MULTI_LETTER_UNITS = new Set([...UNITS].filter((u) => u.length > 1));

const tex = (s) => `$${s}$`;
const exponent = (e) => (/^\d$/.test(e) ? `^${e}` : `^{${e}}`);

/** "H2SO4" → "\text{H}_2\text{SO}_4", or null when it is not a formula of two or more elements with a count. */
function chemical(word) {
  const parts = [...word.matchAll(/([A-Z][a-z]?)(\d*)/g)];
  if (parts.map((p) => p[0]).join('') !== word || !parts.some((p) => p[2])) return null;
  if (parts.length < 2 && !DIATOMIC.has(word)) return null;
  if (!parts.every((p) => ELEMENTS.has(p[1]))) return null;
  let out = '';
  let run = '';
  for (const [, el, n] of parts) {
    run += el;
    if (n) { out += `\\text{${run}}_${n.length > 1 ? `{${n}}` : n}`; run = ''; }
  }
  return out + (run ? `\\text{${run}}` : '');
}

/** A token with a power in it ("1/r^2", "I^2Rt", "k[A][B]^2", "-V/r^2") as TeX. */
function powers(token) {
  return token.replace(/ε0/g, '\\varepsilon_0 ').replace(/μ0/g, '\\mu_0 ').replace(/\^(-?\d+(?:\.\d+)?|[A-Za-z])/g, (_, e) => exponent(e)).trim();
}

export function toNotation(text) {
  if (typeof text !== 'string' || text.includes('$')) return text;
  let out = text
    // 6.25 x 10^-18, (1.6 x 10^-19)
    .replace(/(\d+(?:\.\d+)?) ?[x×] ?10\^(-?\d+)/g, (_, n, e) => tex(`${n} \\times 10${exponent(e)}`))
    .replace(/(^|[\s(])10\^(-?\d+)(?=[\s),.;:]|$)/g, (_, pre, e) => `${pre}${tex(`10${exponent(e)}`)}`);
  // Units with powers: "mol L^-1 s^-1", "N m^2 C^-2".
  out = out.replace(/(^|[\s(])([A-Za-zΩ]+)\^(-?\d)(?=[\s),.;:]|$)/g, (match, pre, unit, e, offset, all) => {
    if (!UNITS.has(unit)) return match;
    const before = all.slice(0, offset + pre.length).trimEnd().split(/\s+/).pop() ?? '';
    const after = all.slice(offset + match.length).trimStart().split(/[\s,.;:)]+/)[0] ?? '';
    const inUnits = MULTI_LETTER_UNITS.has(unit) || e.startsWith('-') || UNITS.has(before.replace(/\$.*\$/, 'mol')) || /\d$/.test(before) || /^\$\\text/.test(after) || UNITS.has(after.replace(/\^.*/, ''));
    return inUnits ? `${pre}${tex(`\\text{${unit}}${exponent(e)}`)}` : match;
  });
  // Any other token with a power: a formula.
  out = out.replace(/(^|[\s(=])([^\s$()]*[A-Za-z0-9\])]\^(?:-?\d+(?:\.\d+)?|[A-Za-z])[^\s$]*?)(?=[,.;:)]?(?:\s|$))/g, (match, pre, token) => `${pre}${tex(powers(token))}`);
  // Chemical formulas (two or more elements with a count): H2O, CO2, H2SO4, C6H12O6.
  // SN1 / SN2 (substitution, nucleophilic): S with a subscript N, not sulphur and nitrogen.
  out = out.replace(/\bSN([12])\b/g, (_, n) => tex(`\\text{S}_\\text{N}${n}`));
  out = out.replace(/(^|[^\w$\\{])(\d*)([A-Z][A-Za-z0-9]*\d[A-Za-z0-9]*)(?![\w}+])/g, (match, pre, coefficient, word) => {
    const formula = chemical(word);
    return formula ? `${pre}${tex(coefficient + formula)}` : match;
  });
  // Permittivity and permeability of free space; drift velocity.
  out = out.replace(/(^|[^\w$\\])(ε0|μ0)(?![\w}])/g, (_, pre, s) => `${pre}${tex(s === 'ε0' ? '\\varepsilon_0' : '\\mu_0')}`);
  out = out.replace(/\bneAvd\b/g, tex('neAv_d')).replace(/\bvd\b/g, tex('v_d'));
  return out;
}

function convertQuestion(q) {
  const out = { ...q };
  for (const field of ['question', 'correctAnswer', 'explanation']) out[field] = toNotation(q[field]);
  if (Array.isArray(q.options)) out.options = q.options.map(toNotation);
  else if (typeof q.options === 'string' && q.options.trim().startsWith('[')) out.options = JSON.stringify(JSON.parse(q.options).map(toNotation));
  return out;
}

function convertTree(tree) {
  for (const s of tree.subjects ?? []) for (const c of s.chapters ?? []) for (const t of c.topics ?? []) t.questions = (t.questions ?? []).map(convertQuestion);
  return tree;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = join(import.meta.dirname, '..', 'seed');
  let changed = 0;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'catalogue.json')) {
    const path = join(dir, file);
    const before = readFileSync(path, 'utf8');
    const indent = /\n( +)"/.exec(before)?.[1]?.length ?? 2;
    const after = `${JSON.stringify(convertTree(JSON.parse(before)), null, indent)}\n`;
    if (after !== before) { writeFileSync(path, after); changed++; }
  }
  console.log(`${changed} seed files rewritten`);
}
