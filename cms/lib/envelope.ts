import { ZodError } from 'zod';
import { AppError } from './app-error';

export interface Pagination {
  count: number;
  page?: number;
  limit?: number;
}

export interface Reply<T = unknown> {
  result: T;
  status?: number;
  pagination?: Pagination;
}

const NO_STORE = { 'Cache-Control': 'no-store' };

/** `{result, status, pagination?}` with the HTTP status equal to `status` (SPEC §7). */
export function envelope(result: unknown, status = 200, pagination?: Pagination): Response {
  const body = pagination ? { result, status, pagination } : { result, status };
  return Response.json(body, { status, headers: NO_STORE });
}

interface StatusError {
  status?: number;
  name?: string;
  message?: string;
  data?: unknown;
}

/** Maps anything thrown below the HTTP layer to a status and a client-safe result. */
export function describeError(err: unknown): { status: number; result: unknown } {
  if (err instanceof AppError) return { status: err.status, result: err.result };
  if (err instanceof ZodError) {
    return {
      status: 400,
      result: err.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    };
  }
  const e = err as StatusError;
  // Payload's own APIError family carries an HTTP status (ValidationError 400, Forbidden 403, NotFound 404).
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) {
    // A collection rule's ValidationError (a taken category name, a published product without a price)
    // answers like the endpoints' own field checks: a list of {path, message} the forms show by their fields.
    const fieldErrors = (e.data as { errors?: unknown } | undefined)?.errors;
    if (e.name === 'ValidationError' && Array.isArray(fieldErrors)) {
      return {
        status: e.status,
        result: fieldErrors.map((f: { path?: unknown; message?: unknown }) => ({
          path: String(f.path ?? ''),
          message: String(f.message ?? ''),
        })),
      };
    }
    return { status: e.status, result: e.data ?? e.message ?? 'Request failed' };
  }
  return { status: 500, result: 'Internal server error' };
}

/**
 * `log` hears of unexpected failures; `warn` of the 5xx the code answers on purpose (an AppError 502/503: the
 * payment provider is unreachable or switched off), which are the state of the world, not a bug.
 */
export function errorEnvelope(
  err: unknown,
  log: (err: unknown) => void = console.error,
  warn: (err: unknown) => void = log,
): Response {
  const { status, result } = describeError(err);
  if (status > 500 && err instanceof AppError) warn(err);
  else if (status >= 500) log(err);
  return envelope(result, status);
}
