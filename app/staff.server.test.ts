/**
 * readActionForm: the checks every back-office action makes before it acts. A body without its
 * length (411) or over the limit (413, with the action's words) is not read; a form that does not
 * parse (a cut-off upload) and an intent the action does not know are 400s with their words, never
 * a crash; a good form comes back with its intent.
 */
import { describe, expect, it } from 'vitest';
import { readActionForm } from './staff.server.ts';

const INTENTS = ['save', 'delete'] as const;

/** A POST of `body` as a browser sends it: with its length unless told otherwise. */
function post(body: string, type = 'application/x-www-form-urlencoded', sized = true) {
  const headers: Record<string, string> = { 'content-type': type };
  if (sized) headers['content-length'] = String(Buffer.byteLength(body));
  return new Request('http://localhost/admin/x', { method: 'POST', body, headers });
}

/** The refusal's status and words. */
async function refusalOf(request: Request, tooLarge?: string) {
  const read = await readActionForm(request, { maxBytes: 100, intents: INTENTS, tooLarge });
  if (read.ok) throw new Error('expected a refusal');
  const { data, init } = read.refused as unknown as { data: { message: string }; init: ResponseInit };
  return { status: init.status, message: data.message };
}

describe('readActionForm', () => {
  it('answers the form and its intent', async () => {
    const read = await readActionForm(post('intent=save&name=Dale'), { maxBytes: 100, intents: INTENTS });
    expect(read.ok && read.intent).toBe('save');
    expect(read.ok && read.form.get('name')).toBe('Dale');
  });

  it('refuses a body without its length, or too large, before reading it', async () => {
    expect(await refusalOf(post('intent=save', undefined, false))).toEqual({
      status: 411,
      message: 'Send the form with its length (Content-Length).',
    });
    expect(await refusalOf(post(`intent=save&x=${'a'.repeat(200)}`))).toEqual({
      status: 413,
      message: 'The form is too large.',
    });
    expect(await refusalOf(post(`intent=save&x=${'a'.repeat(200)}`), 'The image is too large')).toEqual({
      status: 413,
      message: 'The image is too large',
    });
  });

  it('answers a form that does not parse, or an unknown intent, with its words', async () => {
    const cut = post(
      '--b\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsa',
      'multipart/form-data; boundary=b',
    );
    expect(await refusalOf(cut)).toEqual({
      status: 400,
      message: 'The form was incomplete or malformed. Please try again.',
    });
    expect(await refusalOf(post('intent=rename'))).toEqual({
      status: 400,
      message: 'Unknown action: rename',
    });
    expect(await refusalOf(post('name=Dale'))).toEqual({ status: 400, message: 'Unknown action: ' });
  });
});
