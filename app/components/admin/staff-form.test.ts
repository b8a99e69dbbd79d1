import { describe, expect, it } from 'vitest';
import { ApiError } from './admin-api.ts';
import { firstMessages } from './staff-form.tsx';

describe('firstMessages: the one fold of the error shape into what a form shows', () => {
  it('gives each top-level field its first message', () => {
    const err = new ApiError(400, '', 'Title is required', {
      title: ['Title is required', 'Title is too long'],
      'specs.0.name': ['Give the spec a name'],
      'specs.1.name': ['Another'],
    });
    expect(firstMessages(err.fieldErrors)).toEqual({
      title: 'Title is required',
      specs: 'Give the spec a name',
    });
  });

  it('under a prefix, keys each field by the next part of its path', () => {
    const fieldErrors = {
      'followUps.viewed.text': ['Too long'],
      'followUps.viewed.on': ['Off'],
      'followUps.quoted.text': ['Other'],
      'reviews.url': ['Give the review page'],
    };
    expect(firstMessages(fieldErrors, 'followUps.viewed')).toEqual({ text: 'Too long', on: 'Off' });
    expect(firstMessages(fieldErrors, 'reviews')).toEqual({ url: 'Give the review page' });
    expect(firstMessages(fieldErrors, 'follow')).toEqual({});
  });

  it('is empty for no field errors', () => {
    expect(firstMessages(new ApiError(409, 'x', 'Conflict').fieldErrors)).toEqual({});
    expect(firstMessages(undefined)).toEqual({});
  });
});
