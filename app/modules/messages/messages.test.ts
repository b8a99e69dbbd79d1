import { DEFAULT_HOURS } from '#app/modules/site/opening-hours.ts';
import { describe, expect, it } from 'vitest';
import { leadRequestSchema } from '../leads/lead-request.schema.ts';
import {
  INTERRUPTED_SMS,
  keywordOf,
  leadAlertEmail,
  SMS_ERRORS,
  smsAlertEmail,
  smsReplies,
  staffReplyEmail,
  twilioErrorText,
} from './messages.ts';

const SITE = { name: 'Parts Hunters MB', phone: '+12045550147' };

describe('keywords', () => {
  it.each([
    ['STOP', undefined, 'stop'],
    ['stop', undefined, 'stop'],
    [' Unsubscribe! ', undefined, 'stop'],
    ['cancel', undefined, 'stop'],
    ['END', undefined, 'stop'],
    ['quit.', undefined, 'stop'],
    ['STOPALL', undefined, 'stop'],
    ['optout', undefined, 'stop'],
    ['Revoke', undefined, 'stop'],
    ['yes', undefined, 'yes'],
    ['Yes!', undefined, 'yes'],
    ['YES?', undefined, 'yes'],
    ['no', undefined, 'no'],
    ['No.', undefined, 'no'],
    ['start', undefined, 'start'],
    ['UNSTOP', undefined, 'start'],
    ['help', undefined, 'help'],
    ['Info', undefined, 'help'],
    ['yes please', undefined, undefined],
    ['stop sending me photos of axles', undefined, undefined],
    ['', undefined, undefined],
    ['Need a hub for a 7k axle', undefined, undefined],
    // Twilio's own reading (Advanced Opt-Out): its STOP always wins, YES/NO stay order answers
    ['Arrêt', 'STOP', 'stop'],
    ['YES', 'START', 'yes'],
    ['NO', 'STOP', 'stop'],
    ['Commencer', 'start', 'start'],
    ['Aide', 'HELP', 'help'],
    ['hello', '', undefined],
  ])('keywordOf(%j, %j) = %j', (body, optOutType, expected) => {
    expect(keywordOf(body, optOutType)).toBe(expected);
  });
});

describe('automatic SMS replies', () => {
  const replies = smsReplies(SITE);
  it.each([
    [
      'newRequest',
      replies.newRequest('Q-10001', 'https://partshuntersmb.ca/q/AbCdEfGhIjKlMnOpQrStUvWx', DEFAULT_HOURS),
      'Parts Hunters MB: Thanks, we got your request. Your case number is Q-10001. We will contact you within 20 minutes during business hours (Mon-Fri 7AM-6PM CT). Follow it here: https://partshuntersmb.ca/q/AbCdEfGhIjKlMnOpQrStUvWx Reply STOP to opt out.',
    ],
    [
      'declined',
      replies.declined('Q-10003'),
      'Parts Hunters MB: No problem, quote Q-10003 is closed. Text us a photo any time you need another part.',
    ],
    [
      'noOpenQuote',
      replies.noOpenQuote(),
      'Parts Hunters MB: We could not find an open quote for this number. Text us a photo and description of the part you need, or call (204) 555-0147.',
    ],
    [
      'help',
      replies.help(),
      'Parts Hunters MB: heavy duty, truck, trailer and ag parts quotes by text. Text a photo of your part or call (204) 555-0147. Reply STOP to opt out.',
    ],
    [
      'optedIn',
      replies.optedIn(),
      'Parts Hunters MB: You will receive texts from us again. Text a photo of your part for a quote. Reply STOP to opt out.',
    ],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('shows a number outside North America as configured', () => {
    expect(smsReplies({ name: 'X', phone: '+442071838750' }).help()).toBe(
      'X: heavy duty, truck, trailer and ag parts quotes by text. Text a photo of your part or call +442071838750. Reply STOP to opt out.',
    );
  });
});

describe('the e-mail copy of a staff text', () => {
  it('greets the customer, carries the text and says how to answer', () => {
    expect(
      staffReplyEmail({
        site: SITE,
        name: 'Dana',
        caseNumber: 'Q-10007',
        body: 'Your hub is in. Pick up at 3?',
      }),
    ).toEqual({
      subject: 'About your request Q-10007 - Parts Hunters MB',
      body: [
        'Hello Dana,',
        '',
        'Your hub is in. Pick up at 3?',
        '',
        'To answer, text us at (204) 555-0147 or call.',
        '',
        'Parts Hunters MB',
        '',
      ].join('\n'),
    });
  });
});

describe('why a text did not go out', () => {
  it.each([
    ['21610', undefined, `${SMS_ERRORS.optedOut} (Twilio error 21610)`],
    [21614, undefined, 'Not a mobile number (a landline cannot receive texts) (Twilio error 21614)'],
    ['30007', 'ignored fallback', 'The carrier filtered the text as spam (Twilio error 30007)'],
    [' 30003 ', undefined, 'The phone is switched off or out of reach (Twilio error 30003)'],
    ['99999', 'Something odd happened', 'Something odd happened (Twilio error 99999)'],
    ['99999', undefined, 'Twilio could not deliver the text (Twilio error 99999)'],
    [undefined, 'Twilio answered HTTP 500', 'Twilio answered HTTP 500'],
    [null, undefined, 'Twilio could not deliver the text'],
    ['', undefined, 'Twilio could not deliver the text'],
  ])('twilioErrorText(%j, %j) = %j', (code, fallback, expected) => {
    expect(twilioErrorText(code, fallback)).toBe(expected);
  });

  it('says in staff words what happened to texts that did not go out', () => {
    expect(SMS_ERRORS).toEqual({
      optedOut: 'This customer has opted out of texts (STOP). They can send START to opt back in.',
      notTextable: 'This phone number cannot receive texts (not a valid mobile number).',
      noAnswer:
        'Twilio did not answer in time; the text may or may not have been sent. Check with the customer or send it again.',
      uncertain:
        'The connection to Twilio broke while sending; the text may or may not have been sent. Check with the customer or send it again.',
    });
    expect(INTERRUPTED_SMS).toBe(
      'Sending was interrupted by a server restart; the text may or may not have reached the customer. Check with them or send it again.',
    );
  });
});

describe('staff alert e-mails', () => {
  it('a full web request: every field, labels for the options, the city name', () => {
    const request = leadRequestSchema.parse({
      equipment: 'trailer',
      make: 'Dexter',
      model: '7K',
      year: '2019',
      partCategory: 'trailer-parts',
      partNumber: 'K71-375-00',
      description: 'Hub and drum for a 7,000 lb axle',
      urgency: 'today',
      name: 'Dana Friesen',
      phone: '(204) 555-0123',
      email: 'dana@example.com',
      city: 'steinbach',
      consent: true,
    });
    expect(
      leadAlertEmail({
        caseNumber: 'Q-10001',
        request,
        cityName: 'Steinbach',
        photoCount: 2,
        baseUrl: 'https://parts.example',
      }),
    ).toEqual({
      subject: 'New quote request Q-10001: Trailer (Emergency repair)',
      body: [
        'New quote request Q-10001 from the website.',
        '',
        'Urgency: Emergency repair',
        'Name: Dana Friesen',
        'Phone: (204) 555-0123',
        'Email: dana@example.com',
        'City: Steinbach',
        'Equipment: Trailer',
        'Make / model / year: Dexter 7K 2019',
        'Part category: Trailer Parts',
        'Part number: K71-375-00',
        'Photos: 2',
        '',
        'Description:',
        'Hub and drum for a 7,000 lb axle',
        '',
        'Open the leads board: https://parts.example/admin/leads',
        '',
      ].join('\n'),
    });
  });

  it('a minimal web request: empty fields are left out, the city slug stands in for its name', () => {
    const request = leadRequestSchema.parse({
      equipment: 'ag',
      description: 'PTO shaft',
      name: 'Sam',
      phone: '204 555 0199',
      city: 'other',
      consent: true,
    });
    expect(
      leadAlertEmail({ caseNumber: 'Q-10002', request, photoCount: 0, baseUrl: 'http://localhost:3000' }),
    ).toEqual({
      subject: 'New quote request Q-10002: Agricultural Equipment (When convenient)',
      body: [
        'New quote request Q-10002 from the website.',
        '',
        'Urgency: When convenient',
        'Name: Sam',
        'Phone: 204 555 0199',
        'City: other',
        'Equipment: Agricultural Equipment',
        'Photos: 0',
        '',
        'Description:',
        'PTO shaft',
        '',
        'Open the leads board: http://localhost:3000/admin/leads',
        '',
      ].join('\n'),
    });
  });

  const base = { caseNumber: 'Q-10005', phone: '(204) 555-0123', baseUrl: 'https://parts.example' };
  it.each([
    [
      { ...base, kind: 'new_request' as const, body: 'Need this bearing', photoCount: 2, skippedPhotos: 0 },
      'New quote request Q-10005 by text from (204) 555-0123',
      ['New quote request Q-10005 by text.', 'Phone: (204) 555-0123', 'Photos: 2', 'Need this bearing'],
    ],
    [
      { ...base, kind: 'ordered' as const, body: 'YES', photoCount: 0, skippedPhotos: 0 },
      'Quote Q-10005 accepted by text: order the part',
      [
        'The customer of Q-10005 replied YES: the lead is now ordered.',
        'Phone: (204) 555-0123',
        'Photos: 0',
        'YES',
      ],
    ],
    [
      { ...base, kind: 'message' as const, body: '', photoCount: 1, skippedPhotos: 2 },
      'New text from the customer of Q-10005',
      [
        'The customer of Q-10005 sent a text.',
        'Phone: (204) 555-0123',
        'Photos: 1 (2 could not be saved)',
        '(no text)',
      ],
    ],
  ])('smsAlertEmail %#', (input, subject, [opening, phone, photos, text]) => {
    expect(smsAlertEmail(input)).toEqual({
      subject,
      body: [
        opening,
        '',
        phone,
        photos,
        '',
        'Text:',
        text,
        '',
        'Open the leads board: https://parts.example/admin/leads',
        '',
      ].join('\n'),
    });
  });
});
