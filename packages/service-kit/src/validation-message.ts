// Clearer 400 messages than ajv's defaults, for every service: a union of literals (TypeBox's way of writing a
// choice) reads "must be one of 'a', 'b'" instead of one "must be equal to constant" per branch, and an unknown
// field is named.
// A single-line text field (contracts' SingleLine / NonBlankLine) says what it refuses rather than its pattern.
import { NON_BLANK_LINE_PATTERN, SINGLE_LINE_PATTERN } from '@lp/contracts';
import type { FastifySchemaValidationError } from 'fastify';

export function schemaErrorMessage(errors: FastifySchemaValidationError[], dataVar: string): string {
  const consts = errors.filter((e) => e.keyword === 'const');
  const union = errors.find((e) => e.keyword === 'anyOf');
  if (union && consts.length > 0 && consts.every((e) => e.instancePath === union.instancePath)) {
    const allowed = consts.map((e) => `'${String((e.params as { allowedValue?: unknown }).allowedValue)}'`).join(', ');
    return `${dataVar}${union.instancePath} must be one of ${allowed}`;
  }
  const first = errors.find((e) => e.keyword !== 'anyOf') ?? errors[0];
  if (!first) return `${dataVar} is invalid`;
  if (first.keyword === 'additionalProperties') {
    const field = (first.params as { additionalProperty?: string }).additionalProperty;
    return `${dataVar}${first.instancePath} must not have the field '${field}'`;
  }
  const pattern = first.keyword === 'pattern' ? (first.params as { pattern?: string }).pattern : undefined;
  if (pattern === SINGLE_LINE_PATTERN || pattern === NON_BLANK_LINE_PATTERN) {
    const notBlank = pattern === NON_BLANK_LINE_PATTERN ? ', and must not be blank' : '';
    return `${dataVar}${first.instancePath} must be a single line of plain text: control characters and text-direction marks are not allowed${notBlank}`;
  }
  return `${dataVar}${first.instancePath} ${first.message ?? 'is invalid'}`;
}
