/**
 * A request from the web form on the worker's shared server, as a customer's phone sends it, by a
 * customer of its own (a random name suffix and number) unless the fields say otherwise.
 */
import { expect } from 'vitest';
import { baseUrl } from './server.ts';

export type WebRequest = { id: number; caseNumber: string; name: string };

export async function webRequest(fields: Record<string, string> = {}): Promise<WebRequest> {
  const all: Record<string, string> = {
    equipment: 'ag',
    description: 'Hydraulic pump for the loader',
    urgency: 'flexible',
    name: `Web Customer ${Math.random().toString(36).slice(2, 8)}`,
    phone: `+1204555${String(Math.floor(1000 + Math.random() * 8999))}`,
    consent: 'true',
    ...fields,
  };
  const form = new FormData();
  for (const [field, value] of Object.entries(all)) form.append(field, value);
  const res = await fetch(`${baseUrl()}/api/leads`, {
    method: 'POST',
    headers: { Origin: baseUrl() },
    body: form,
  });
  expect(res.status).toBe(201);
  const { caseNumber } = (await res.json()) as { caseNumber: string };
  return { id: Number(caseNumber.slice(2)) - 10_000, caseNumber, name: all.name! };
}
