/**
 * Text-message buttons: plain `sms:` links that open the phone's messaging app with or without
 * JavaScript. Quote buttons carry the tracking attributes app/chrome.js reads (product.md §7).
 */
import { MessageSquare } from 'lucide-react';
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
