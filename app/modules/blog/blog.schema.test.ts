/** The blog form rules (product.md §5): slug, lists, omission rules, messages, scheduling in Winnipeg time. */
import { describe, expect, it } from 'vitest';
import { blogSlug, relativeTime } from './blog.ts';
import {
  blogFormSchema,
  blogPayloadSchema,
  emptyBlogForm,
  formToFormData,
  splitList,
} from './blog.schema.ts';
import { instantToZonedLocal, zonedLocalToInstant } from './schedule.ts';

describe('blogSlug', () => {
  it.each([
    ['Winter Trailer Checklist!', 'winter-trailer-checklist'],
    ['  Café   Hitch  ', 'cafe-hitch'],
    ['A -- B', 'a----b'],
    ['100% Uptime: Hoses & Fittings', '100-uptime-hoses-fittings'],
  ])('%s → %s', (title, slug) => expect(blogSlug(title)).toBe(slug));
});

describe('the form payload', () => {
  it('splits lists by commas, trims and drops empty items', () => {
    expect(splitList(' a, b ,, c ,')).toEqual(['a', 'b', 'c']);
  });

  it('leaves out empty values, false booleans and category none; sends lists as JSON', () => {
    const values = {
      ...emptyBlogForm('Parts Hunters MB'),
      title: 'T',
      content: '<p>x</p>',
      tags: 'a, b',
      allowComments: false,
    };
    const data = formToFormData(values);
    expect(Object.fromEntries(data.entries())).toEqual({
      title: 'T',
      content: '<p>x</p>',
      schemaType: 'Article',
      readTimeMinutes: '5',
      tags: '["a","b"]',
      authorName: 'Parts Hunters MB',
    });
  });

  it("uses the spec's messages", () => {
    const result = blogFormSchema.safeParse({ ...emptyBlogForm(''), content: '<p></p>' });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining(['Title is required', 'Content is required', 'Author name is required']),
    );
  });

  it('reads an empty read time as undefined and lists from JSON', () => {
    const parsed = blogPayloadSchema.parse({
      title: 'T',
      content: 'x',
      readTimeMinutes: '',
      cityFocus: '["winnipeg"]',
    });
    expect(parsed.readTimeMinutes).toBeUndefined();
    expect(parsed.cityFocus).toEqual(['winnipeg']);
    expect(parsed.schemaType).toBe('Article');
  });
});

describe('scheduling in Winnipeg time', () => {
  it('turns wall-clock times into instants across daylight saving', () => {
    expect(zonedLocalToInstant('2026-11-03T09:30')?.toISOString()).toBe('2026-11-03T15:30:00.000Z'); // CST
    expect(zonedLocalToInstant('2026-07-01T09:30')?.toISOString()).toBe('2026-07-01T14:30:00.000Z'); // CDT
    expect(zonedLocalToInstant('soon')).toBeUndefined();
    expect(instantToZonedLocal(new Date('2026-07-01T14:30:00.000Z'))).toBe('2026-07-01T09:30');
  });

  it('says relative dates both ways', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    expect(relativeTime('2026-11-20T12:00:00Z', now)).toBe('yesterday');
    expect(relativeTime('2026-11-18T12:00:00Z', now)).toBe('3 days ago');
    expect(relativeTime('2026-11-21T11:59:30Z', now)).toBe('just now');
    expect(relativeTime('2026-11-21T14:00:00Z', now)).toBe('in 2 hours');
  });
});
