// Request bodies are JSON: their types are what the client sent, and a `true` must not become the password "true" or a
// day count of 1. Querystrings, params and headers are strings on the wire and still need ajv's coercion. Fastify
// builds one validator per schema location (httpPart); this picks a non-coercing ajv for bodies.
import { AjvCompiler } from '@fastify/ajv-compiler';

type BuildValidator = ReturnType<typeof AjvCompiler>;

const pool = AjvCompiler();

/** `schemaController.compilersFactory.buildValidator`: the server's ajv options, with coercion off for bodies. */
export const buildValidatorWithoutBodyCoercion: BuildValidator = (externalSchemas, options) => {
  const coercing = pool(externalSchemas, options);
  const exact = pool(externalSchemas, { ...options, customOptions: { ...options?.customOptions, coerceTypes: false } } as Parameters<BuildValidator>[1]);
  return ((route: { httpPart?: string }) => (route.httpPart === 'body' ? exact : coercing)(route as never)) as ReturnType<BuildValidator>;
};
