import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { amount, pageParam, sortDirection, wholeNumberParam } from './schema-parts';

const refused = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success === false;
const firstMessage = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('wholeNumberParam', () => {
  const upToTen = wholeNumberParam(10);

  it('when the text is a whole number from 1 to the maximum, then it becomes that number', () => {
    expect(['1', '2', '10'].map((v) => upToTen.parse(v))).toEqual([1, 2, 10]);
  });
  it('when the number is 0 or above the maximum, then it is refused', () => {
    expect(refused(upToTen, '0')).toBe(true);
    expect(refused(upToTen, '11')).toBe(true);
  });
  it('when the text is not only digits, then it is refused as not a positive whole number', () => {
    for (const bad of [' 3', '3 ', '-3', '1.5', 'abc', ''])
      expect(refused(upToTen, bad), JSON.stringify(bad)).toBe(true);
    expect(firstMessage(upToTen, '1.5')).toBe('Must be a positive whole number');
  });
  it('when a page number is given, then any page up to 100000 is allowed', () => {
    expect(pageParam.parse('100000')).toBe(100000);
    expect(refused(pageParam, '100001')).toBe(true);
  });
});

describe('sortDirection', () => {
  it('when ASC or DESC is sent, then it is taken; any other spelling is refused', () => {
    expect(sortDirection.parse('ASC')).toBe('ASC');
    expect(sortDirection.parse('DESC')).toBe('DESC');
    expect(refused(sortDirection, 'asc')).toBe(true);
  });
});

describe('amount', () => {
  const upToHundred = amount(100);

  it('when a number from 0 to the maximum is sent, then it is taken as is', () => {
    expect([0, 12.5, 100].map((v) => upToHundred.parse(v))).toEqual([0, 12.5, 100]);
  });
  it('when a form sends the amount as text, then it is read as a number (surrounding spaces ignored)', () => {
    expect(['5', '5.25', ' 12.50 '].map((v) => upToHundred.parse(v))).toEqual([5, 5.25, 12.5]);
  });
  it('when the amount is negative, above the maximum or not finite, then it is refused', () => {
    expect(refused(upToHundred, -0.01)).toBe(true);
    expect(refused(upToHundred, 100.01)).toBe(true);
    expect(refused(upToHundred, '100.01')).toBe(true);
    expect(refused(upToHundred, Number.POSITIVE_INFINITY)).toBe(true);
  });
  it('when the text is not a plain decimal, then it is refused as not a number', () => {
    for (const bad of ['-1', '1e2', '.5', '5.', '5.x', 'x5', '5x', '', '1,5']) {
      expect(refused(upToHundred, bad), JSON.stringify(bad)).toBe(true);
    }
  });
  it('when the text is not a plain decimal, then the text branch of the check says "Must be a number"', () => {
    const res = upToHundred.safeParse('1,5');
    const union = res.error?.issues[0] as { code: string; errors: Array<Array<{ message: string }>> } | undefined;
    expect(union?.code).toBe('invalid_union');
    expect(union?.errors.map((branch) => branch.map((issue) => issue.message))).toEqual([
      ['Invalid input: expected number, received string'],
      ['Must be a number'],
    ]);
  });
});
