/**
 * The contract test (issue 34 §1): every answer an integration test receives from `/api/v2` through the
 * harness (`server.api`, an admin's `api`) is checked against the API description the server serves
 * (`/api/v2/openapi.json`, OpenAPI 3.1): its status must be one the operation lists, its content type one the
 * response names, and a JSON body must match the response's schema. The schemas are checked by ajv's JSON
 * Schema 2020-12 validator, which this project did not write. A path or method the document does not have at
 * all (a hostile test's made-up route) has no operation to hold it to: the server's 404/405 for it is checked
 * by those tests themselves.
 *
 * An answer the document does not describe fails the test that received it, with what was answered and what
 * the document allows. `CONTRACT=report:<file>` writes each such answer to the file instead (one JSON line
 * each), to survey a whole run; `CONTRACT=off` turns the check off.
 */
import fs from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { expect } from 'vitest';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

interface Route {
  template: string;
  pattern: RegExp;
  /** Literal segments first: `/products/suggestions` wins over `/products/{id}`. */
  params: number;
}

/** The answers a checker saw that its document does not describe. */
export class ContractViolation extends Error {}

export class ContractChecker {
  private readonly ajv: Ajv2020;
  private readonly routes: Route[];
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly doc: JsonObject) {
    this.ajv = new Ajv2020({ strict: false, validateSchema: false, inlineRefs: false, validateFormats: true });
    addFormats(this.ajv);
    this.ajv.addSchema(doc as object, 'api');
    const base = String(((doc.servers as JsonObject[] | undefined)?.[0]?.url as string | undefined) ?? '');
    this.routes = Object.keys(doc.paths as JsonObject)
      .map((template) => ({
        template,
        pattern: new RegExp(`^${escape(base + template).replace(/\\\{[^}]+\\\}/g, '[^/]+')}/?$`),
        params: (template.match(/\{/g) ?? []).length,
      }))
      .sort((a, b) => a.params - b.params);
  }

  /** What is wrong with this answer, or null when the document describes it (or has no operation for it). */
  problem(method: string, pathname: string, status: number, contentType: string, body: unknown): string | null {
    const route = this.routes.find((r) => r.pattern.test(pathname));
    if (!route) return null;
    const operation = (this.doc.paths as Record<string, JsonObject>)[route.template][method.toLowerCase()] as
      JsonObject | undefined;
    if (!operation) return null;
    const where = `${method.toUpperCase()} ${route.template}`;
    const responses = operation.responses as JsonObject;
    const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => k in responses);
    if (!key) return `${where} answered ${status}; the document lists ${Object.keys(responses).join(', ')}`;
    let pointer = `#/paths/${pointerPart(route.template)}/${method.toLowerCase()}/responses/${key}`;
    let response = responses[key] as JsonObject;
    if (typeof response.$ref === 'string') {
      pointer = response.$ref;
      response = resolve(this.doc, response.$ref) as JsonObject;
    }
    const content = response.content as JsonObject | undefined;
    if (!content) return body === '' || body === undefined ? null : `${where} ${status}: the document says no body`;
    const mediaType = contentType.split(';')[0].trim().toLowerCase();
    const described = Object.keys(content).find((type) => type.toLowerCase() === mediaType);
    if (!described) {
      return `${where} ${status} came as ${mediaType || 'no content type'}; the document names ${Object.keys(content).join(', ')}`;
    }
    const media = content[described] as JsonObject;
    if (!media.schema || !mediaType.endsWith('json')) return null;
    const schemaPointer = `${pointer}/content/${pointerPart(described)}/schema`;
    let validate = this.validators.get(schemaPointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `api${schemaPointer}` });
      this.validators.set(schemaPointer, validate);
    }
    if (validate(body)) return null;
    const errors = (validate.errors ?? [])
      .slice(0, 5)
      .map((e) => `${e.instancePath || '/'} ${e.message ?? ''}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
    return `${where} ${status}: the body does not match the document: ${errors.join('; ')}\nbody: ${JSON.stringify(body).slice(0, 600)}`;
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pointerPart = (text: string) => text.replace(/~/g, '~0').replace(/\//g, '~1');

function resolve(doc: JsonObject, ref: string): Json {
  let node: Json = doc;
  for (const part of ref.replace(/^#\//, '').split('/')) {
    node = (node as JsonObject)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}

const checkers = new Map<string, Promise<ContractChecker>>();
const mode = process.env.CONTRACT ?? 'on';

/**
 * Checks one answer a test received from the server at `baseUrl`; throws ContractViolation when the document
 * does not describe it. The document is read once per server.
 */
export async function checkAnswer(
  baseUrl: string,
  method: string,
  pathname: string,
  response: { status: number; headers: Headers; body: unknown },
): Promise<void> {
  if (mode === 'off' || !pathname.startsWith('/api/v2/') || pathname.startsWith('/api/v2/openapi')) return;
  let checker = checkers.get(baseUrl);
  if (!checker) {
    checker = readDocument(baseUrl).then((doc) => new ContractChecker(doc));
    checkers.set(baseUrl, checker);
  }
  let ready: ContractChecker;
  try {
    ready = await checker;
  } catch {
    // The server is down just now (a crash test kills it between requests): this answer goes unchecked, and the
    // next one asks for the document again.
    checkers.delete(baseUrl);
    return;
  }
  const path = pathname.split('?')[0];
  const problem = ready.problem(
    method,
    path,
    response.status,
    response.headers.get('content-type') ?? '',
    response.body,
  );
  if (!problem) return;
  if (mode.startsWith('report:')) {
    fs.appendFileSync(mode.slice('report:'.length), `${JSON.stringify({ test: expectName(), problem })}\n`);
    return;
  }
  throw new ContractViolation(`The API description does not describe this answer: ${problem}`);
}

async function readDocument(baseUrl: string): Promise<JsonObject> {
  const res = await fetch(`${baseUrl}/api/v2/openapi.json`);
  const doc = (await res.json()) as JsonObject;
  if (res.status !== 200 || typeof doc.paths !== 'object' || doc.paths === null) {
    throw new Error(`no API description at ${baseUrl}: ${res.status}`);
  }
  return doc;
}

function expectName(): string {
  const state = expect.getState();
  return `${state.testPath ?? ''} > ${state.currentTestName ?? ''}`;
}
