/** The staff alert for a new web request: subject and plain-text body (no customer photos in mail). */
import {
  EQUIPMENT_TYPES,
  PART_CATEGORIES,
  URGENCY_OPTIONS,
  type LeadRequest,
} from '#app/modules/leads/lead-request.schema.ts';

export type LeadAlertInput = {
  caseNumber: string;
  request: LeadRequest;
  cityName?: string;
  photoCount: number;
  /** Public origin, for the link to the leads board */
  baseUrl: string;
};

const labelOf = <T extends { value: string; label: string }>(list: readonly T[], value: string | undefined) =>
  list.find((o) => o.value === value)?.label ?? value ?? '';

export function leadAlertEmail({ caseNumber, request, cityName, photoCount, baseUrl }: LeadAlertInput): {
  subject: string;
  body: string;
} {
  const urgency = labelOf(URGENCY_OPTIONS, request.urgency);
  const equipment = labelOf(EQUIPMENT_TYPES, request.equipment);
  const category = PART_CATEGORIES.find((c) => c.slug === request.partCategory)?.name;
  const machine = [request.make, request.model, request.year].filter(Boolean).join(' ');
  const line = (label: string, value: string | undefined) => (value ? [`${label}: ${value}`] : []);
  const body = [
    `New quote request ${caseNumber} from the website.`,
    '',
    ...line('Urgency', urgency),
    ...line('Name', request.name),
    ...line('Phone', request.phone),
    ...line('Email', request.email),
    ...line('City', cityName ?? request.city),
    ...line('Equipment', equipment),
    ...line('Make / model / year', machine),
    ...line('Part category', category),
    ...line('Part number', request.partNumber),
    `Photos: ${photoCount}`,
    '',
    'Description:',
    request.description,
    '',
    `Open the leads board: ${baseUrl}/admin/leads`,
    '',
  ].join('\n');
  return { subject: `New quote request ${caseNumber}: ${equipment} (${urgency})`, body };
}

/** The staff alert for texts (issue 8): a new request by text, a quote accepted by YES, a customer's message. */
export function smsAlertEmail(input: {
  kind: 'new_request' | 'ordered' | 'message';
  caseNumber: string;
  phone: string;
  body: string;
  photoCount: number;
  skippedPhotos: number;
  baseUrl: string;
}): { subject: string; body: string } {
  const { caseNumber, phone } = input;
  const subject = {
    new_request: `New quote request ${caseNumber} by text from ${phone}`,
    ordered: `Quote ${caseNumber} accepted by text: order the part`,
    message: `New text from the customer of ${caseNumber}`,
  }[input.kind];
  const opening = {
    new_request: `New quote request ${caseNumber} by text.`,
    ordered: `The customer of ${caseNumber} replied YES: the lead is now ordered.`,
    message: `The customer of ${caseNumber} sent a text.`,
  }[input.kind];
  const body = [
    opening,
    '',
    `Phone: ${phone}`,
    `Photos: ${input.photoCount}${input.skippedPhotos ? ` (${input.skippedPhotos} could not be saved)` : ''}`,
    '',
    'Text:',
    input.body || '(no text)',
    '',
    `Open the leads board: ${input.baseUrl}/admin/leads`,
    '',
  ].join('\n');
  return { subject, body };
}
