import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorOf, CONNECTION_FAILED, errorMessage } from './admin-api.ts';

const answer = (status: number, body: string, statusText = '') =>
  new Response(body, { status, statusText, headers: { 'Content-Type': 'application/json' } });

describe('apiErrorOf (product.md §8: the message is the status, a colon and the response text)', () => {
  it('reads the one error shape: message and field errors', async () => {
    const body = { message: 'Title is required', fieldErrors: { title: ['Title is required'] } };
    const err = await apiErrorOf(answer(400, JSON.stringify(body)));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(400);
    expect(err.message).toBe(`400: ${JSON.stringify(body)}`);
    expect(err.serverMessage).toBe('Title is required');
    expect(err.fieldErrors).toEqual({ title: ['Title is required'] });
    expect(err.body).toEqual(body);
  });

  it('keeps a report body (the CSV import answers 400 with its problems)', async () => {
    const report = { ok: false, message: '1 row has problems; nothing was imported.', problems: [] };
    const err = await apiErrorOf(answer(400, JSON.stringify(report)));
    expect(err.body).toEqual(report);
    expect(err.fieldErrors).toEqual({});
  });

  it('takes a body that is not JSON, or none, as text', async () => {
    const html = await apiErrorOf(answer(502, '<html>Bad gateway</html>'));
    expect(html.message).toBe('502: <html>Bad gateway</html>');
    expect(html.serverMessage).toBeUndefined();
    const empty = await apiErrorOf(answer(503, '', 'Service Unavailable'));
    expect(empty.message).toBe('503: Service Unavailable');
  });
});

describe('errorMessage', () => {
  const refused = new ApiError(409, '{"message":"Slug already exists"}', 'Slug already exists');
  const bare = new ApiError(500, 'Internal Server Error');

  it("says the server's message when there is one", () => {
    expect(errorMessage(refused)).toBe('Slug already exists');
    expect(errorMessage(refused, 'Failed to save blog post')).toBe('Slug already exists');
  });

  it("falls back to the screen's words, else to 'status: text'", () => {
    expect(errorMessage(bare, 'Failed to save blog post')).toBe('Failed to save blog post');
    expect(errorMessage(bare)).toBe('500: Internal Server Error');
  });

  it("says 'Unable to connect to server' when the call never got an answer", () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(CONNECTION_FAILED);
    expect(CONNECTION_FAILED).toBe('Unable to connect to server');
    expect(errorMessage(new TypeError('Failed to fetch'), 'Failed to publish blog post')).toBe(
      'Failed to publish blog post',
    );
  });
});
