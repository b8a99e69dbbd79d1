/**
 * Text-message buttons: plain `sms:` links that open the phone's messaging app with or without
 * JavaScript. Quote buttons carry the tracking attributes app/chrome.js reads (product.md §7).
 */
import { MessageSquare } from 'lucide-react';
import { formatPhone } from '#app/modules/site/phone.ts';
import { trackAttributes } from '#app/modules/site/site.ts';
import { cn } from '../ui/cn.ts';

const VARIANTS = {
  primary: 'bg-accent text-white shadow-sm hover:bg-accent-hover',
  light: 'bg-white text-slate-900 shadow-sm hover:bg-slate-100',
  dark: 'bg-slate-900 text-white shadow-sm hover:bg-slate-700',
  outlineLight: 'border border-slate-500 text-white hover:border-white hover:bg-white/10',
} as const;

export type ButtonVariant = keyof typeof VARIANTS;

export const buttonClass = (variant: ButtonVariant = 'primary', size: 'md' | 'lg' = 'md') =>
  cn(
    'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors',
    size === 'lg' ? 'min-h-12 px-6 text-base' : 'min-h-11 px-5 text-sm',
    VARIANTS[variant],
  );

export function SmsButton({
  href,
  children,
  track,
  variant = 'primary',
  size = 'md',
  className,
}: {
  href: string;
  children: React.ReactNode;
  /** Records a quote-button click: where the button is and what it says */
  track?: { location: string; text: string };
  variant?: ButtonVariant;
  size?: 'md' | 'lg';
  className?: string;
}) {
  return (
    <a
      href={href}
      {...(track ? trackAttributes(track.location, track.text) : {})}
      className={cn(buttonClass(variant, size), className)}
    >
      <MessageSquare className="h-5 w-5 shrink-0" aria-hidden="true" />
      {children}
    </a>
  );
}

/**
 * Beside a quote button, on a device without a touch screen (issue 48 item 11): the button opens a
 * texting app, which a desk computer may not have, so the number to text from a phone and the
 * request form are there too. CSS decides (no touch pointer at all), so it needs no script; on a
 * phone or tablet it is not shown. On the dark hero and header. `compact`: one short line (header).
 */
export function DeskQuoteHint({
  phone,
  compact = false,
  className,
}: {
  phone: string;
  compact?: boolean;
  className?: string;
}) {
  const number = <span className="whitespace-nowrap font-semibold text-white">{formatPhone(phone)}</span>;
  const form =
    'whitespace-nowrap font-semibold text-white underline underline-offset-2 hover:text-orange-300';
  return (
    <p
      data-desk-hint=""
      className={cn('hidden text-sm text-slate-300 not-any-pointer-coarse:block', className)}
    >
      {compact ? (
        <>
          Text {number} or{' '}
          <a href="/find-my-part" className={form}>
            use the form
          </a>
        </>
      ) : (
        <>
          On a computer? Text {number} from your phone, or{' '}
          <a href="/find-my-part" className={form}>
            use the request form
          </a>
          .
        </>
      )}
    </p>
  );
}
