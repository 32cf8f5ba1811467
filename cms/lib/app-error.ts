/** The one error type services throw; the v2 endpoint wrapper and express turn it into an envelope. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly result: unknown,
  ) {
    super(typeof result === 'string' ? result : `HTTP ${status}`);
    this.name = 'AppError';
  }
}

export const badRequest = (result: unknown = 'Bad request') => new AppError(400, result);
export const unauthorized = () => new AppError(401, 'Not signed in');
export const forbidden = () => new AppError(403, 'Forbidden');
export const notFound = (what = 'Not found') => new AppError(404, what);
export const tooManyRequests = (result: unknown = 'Too many requests') => new AppError(429, result);
