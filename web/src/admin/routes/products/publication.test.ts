import { describe, expect, it } from 'vitest';
import { publicationState, publicationText } from './publication';

const NOW = new Date('2025-03-10T12:00:00Z');

describe('publicationState', () => {
  it('when a record is not published, then it is hidden whatever its publish time', () => {
    expect(publicationState(false, null, NOW)).toBe('hidden');
    expect(publicationState(false, '2025-04-01T00:00:00Z', NOW)).toBe('hidden');
  });

  it('when a published record has no publish time or one in the past, then it is published', () => {
    expect(publicationState(true, null, NOW)).toBe('published');
    expect(publicationState(true, '2025-03-10T11:59:00Z', NOW)).toBe('published');
  });

  it('when a published record goes live later, then it is scheduled', () => {
    expect(publicationState(true, '2025-03-10T12:01:00Z', NOW)).toBe('scheduled');
  });

  it('when the publish time is not a date, then the record counts as published now', () => {
    expect(publicationState(true, 'soon', NOW)).toBe('published');
  });
});

describe('publicationText', () => {
  it('when a record is scheduled, then the text says when, in the table date format', () => {
    // Built from local parts, so the expected text does not depend on the machine's time zone.
    const at = new Date(2025, 3, 1, 9, 30).toISOString();
    expect(publicationText('scheduled', at)).toBe('Scheduled 04/01/2025 09:30');
    expect(publicationText('hidden', null)).toBe('Not published');
    expect(publicationText('published', null)).toBe('Published');
  });
});
