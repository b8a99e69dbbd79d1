/**
 * A customer's phone as a call link and a text link, shown the one way every number is
 * (formatPhone), and the style of a contact link: the Lead Details dialog and a customer's page.
 */
import { MessageSquare, Phone } from 'lucide-react';
import { LEADS_TEXT } from '#app/modules/leads/lead-admin.ts';
import { formatPhone, phoneLink } from '#app/modules/site/phone.ts';

export const contactLink =
  'inline-flex min-h-11 items-center gap-1.5 rounded-md font-medium text-slate-900 underline decoration-slate-400 underline-offset-2 hover:decoration-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-orange-500';

export function PhoneLinks({ phone }: { phone: string }) {
  const shown = formatPhone(phone);
  if (!shown) return <>{LEADS_TEXT.na}</>;
  return (
    <span className="flex flex-wrap items-center gap-x-3">
      <a href={phoneLink('tel', phone)} className={contactLink} aria-label={`Call ${shown}`}>
        <Phone className="h-4 w-4 shrink-0" aria-hidden="true" />
        {shown}
      </a>
      <a href={phoneLink('sms', phone)} className={contactLink} aria-label={`Text ${shown}`}>
        <MessageSquare className="h-4 w-4 shrink-0" aria-hidden="true" />
        Text
      </a>
    </span>
  );
}
