import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { tagIdFromParam } from './tag-id.ts';
import { tagNameError } from './use-tag-form.ts';

describe('tagNameError', () => {
  it("shows the server's sentence for a duplicate (409), not the field's fragment", () => {
    const duplicate = new ApiError(409, 'CONFLICT', 'You already have a tag with this name.', {
      name: ['is already a tag of yours'],
    });
    expect(tagNameError(duplicate)).toBe('You already have a tag with this name.');
  });

  it("shows the name field's message for invalid input", () => {
    const invalid = new ApiError(400, 'VALIDATION', 'Invalid input', {
      name: ['A tag name cannot be empty.'],
    });
    expect(tagNameError(invalid)).toBe('A tag name cannot be empty.');
  });

  it('says the save failed for anything else (no network)', () => {
    expect(tagNameError(new TypeError('Failed to fetch'))).toMatch(/could not be saved/);
  });
});

describe('tagIdFromParam', () => {
  it('reads digits only', () => {
    expect(tagIdFromParam('12')).toBe(12);
    expect(tagIdFromParam('0')).toBe(0);
    expect(tagIdFromParam('12a')).toBeUndefined();
    expect(tagIdFromParam('-1')).toBeUndefined();
    expect(tagIdFromParam(undefined)).toBeUndefined();
  });
});
