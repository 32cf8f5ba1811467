/** Building blocks of the request schemas: query parameters arrive as text, JSON amounts as numbers or text. */
import { z } from 'zod';

/** A whole number from a query string ("3"), 1 to `max`. */
export const wholeNumberParam = (max: number) =>
  z.string().regex(/^\d+$/, 'Must be a positive whole number').transform(Number).pipe(z.number().int().min(1).max(max));

/** The last page a list may be asked for: further is refused (400); the control centre's URLs keep below it. */
export const MAX_PAGE = 100000;

export const pageParam = wholeNumberParam(MAX_PAGE);
export const limitParam = wholeNumberParam;
export const sortDirection = z.enum(['ASC', 'DESC']);

/** A money or amount field: a finite number ≥ 0; a form may send the text it holds ("12.50"). */
export const amount = (max: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d+(\.\d+)?$/, 'Must be a number')
        .transform(Number),
    ])
    .pipe(z.number().finite('Must be a number').min(0).max(max));
