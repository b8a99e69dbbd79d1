/**
 * The building blocks of the marketing pages (decision 0005: dark slate, white content, one orange
 * accent, lucide icons): hero, sections, icon cards, numbered steps, pain points, figures and the
 * closing call to text. Server-rendered only; nothing here needs React in the browser.
 */
import { CheckCircle2, Clock, XCircle, type LucideIcon } from 'lucide-react';
import { cn } from '../ui/cn.ts';

export function PageHero({
  eyebrow,
  title,
  lead,
  children,
  aside,
}: {
  eyebrow: string;
  title: string;
  lead: string;
  /** Calls to action under the lead */
  children?: React.ReactNode;
  /** Shown beside the text on wide screens, below it on phones */
  aside?: React.ReactNode;
}) {
  return (
    <section className="bg-slate-900 text-white">
      <div
        className={cn(
          'mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:py-16 lg:py-20',
          aside && 'lg:grid-cols-[1.1fr_1fr] lg:items-center',
        )}
      >
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-orange-400">{eyebrow}</p>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">{title}</h1>
          <p className="mt-5 max-w-2xl text-lg leading-8 text-slate-300">{lead}</p>
          {children && <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">{children}</div>}
        </div>
        {aside}
      </div>
    </section>
  );
}

export function Section({
  id,
  title,
  intro,
  tone = 'white',
  children,
  labelledBy,
}: {
  id?: string;
  title: string;
  intro?: React.ReactNode;
  tone?: 'white' | 'muted';
  children: React.ReactNode;
  labelledBy?: string;
}) {
  const headingId = labelledBy ?? (id ? `${id}-heading` : undefined);
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn('py-14 sm:py-20', tone === 'muted' && 'border-y border-slate-200 bg-slate-50')}
    >
      <div className="mx-auto max-w-6xl px-4">
        <h2 id={headingId} className="text-3xl font-bold tracking-tight text-balance text-slate-900">
          {title}
        </h2>
        {intro && <p className="mt-3 max-w-3xl text-lg leading-8 text-slate-600">{intro}</p>}
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}

export type Feature = { icon: LucideIcon; title: string; text: string; badge?: string };

export function FeatureGrid({ items, columns = 3 }: { items: readonly Feature[]; columns?: 2 | 3 | 4 }) {
  return (
    <ul
      className={cn(
        'grid gap-5 sm:grid-cols-2',
        columns === 3 && 'lg:grid-cols-3',
        columns === 4 && 'lg:grid-cols-4',
      )}
    >
      {items.map(({ icon: Icon, title, text, badge }) => (
        <li key={title} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <span className="flex h-12 w-12 items-center justify-center rounded-lg bg-orange-50 text-accent">
            <Icon className="h-6 w-6" aria-hidden="true" />
          </span>
          <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
          {badge && <p className="mt-1 text-sm font-semibold text-accent">{badge}</p>}
          <p className="mt-2 leading-7 text-slate-600">{text}</p>
        </li>
      ))}
    </ul>
  );
}

export function Steps({ steps }: { steps: readonly { title: string; text: string }[] }) {
  return (
    <ol className={cn('grid gap-5 sm:grid-cols-2', steps.length === 5 ? 'lg:grid-cols-5' : 'lg:grid-cols-4')}>
      {steps.map((step, i) => (
        <li key={step.title} className="relative rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <span
            className="flex h-10 w-10 items-center justify-center rounded-full bg-slate-900 text-lg font-bold text-white"
            aria-hidden="true"
          >
            {i + 1}
          </span>
          <h3 className="mt-4 text-lg font-semibold text-slate-900">
            <span className="sr-only">Step {i + 1}: </span>
            {step.title}
          </h3>
          <p className="mt-2 leading-7 text-slate-600">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}

export function PainPoints({ items }: { items: readonly { title: string; text: string }[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {items.map((p) => (
        <li key={p.title} className="flex gap-4 rounded-xl border border-red-100 bg-red-50/60 p-5">
          <XCircle className="mt-0.5 h-6 w-6 shrink-0 text-red-700" aria-hidden="true" />
          <div>
            <h3 className="font-semibold text-slate-900">{p.title}</h3>
            <p className="mt-1 leading-7 text-slate-700">{p.text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function CheckList({ items, className }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={cn('space-y-3', className)}>
      {items.map((item) => (
        <li key={item} className="flex gap-3">
          <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-green-700" aria-hidden="true" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** Big figures in a row (two by two on phones). */
export function Figures({
  items,
  tone = 'light',
}: {
  items: readonly { value: string; label: string }[];
  tone?: 'light' | 'dark';
}) {
  return (
    <dl
      className={cn(
        'grid grid-cols-2 gap-px overflow-hidden rounded-xl',
        items.length >= 4 ? 'md:grid-cols-4' : 'md:grid-cols-2',
        tone === 'dark' ? 'bg-slate-700' : 'bg-slate-200 ring-1 ring-slate-200',
      )}
    >
      {items.map((f) => (
        <div
          key={f.label}
          className={cn(
            'flex flex-col-reverse px-4 py-6 text-center',
            tone === 'dark' ? 'bg-slate-800' : 'bg-white',
          )}
        >
          <dt
            className={cn('mt-1 text-sm font-medium', tone === 'dark' ? 'text-slate-300' : 'text-slate-600')}
          >
            {f.label}
          </dt>
          <dd
            className={cn(
              'text-3xl font-extrabold tracking-tight sm:text-4xl',
              tone === 'dark' ? 'text-white' : 'text-slate-900',
            )}
          >
            {f.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Business hours with the 24/7 texting note (product.md §1: the home page's reading). */
export function Hours({ lines, className }: { lines: readonly string[]; className?: string }) {
  return (
    <ul className={cn('space-y-2', className)}>
      {lines.map((line) => (
        <li key={line} className="flex items-center gap-2">
          <Clock className="h-4 w-4 shrink-0" aria-hidden="true" />
          {line}
        </li>
      ))}
    </ul>
  );
}

/** The dark closing band: a heading, a line, and the text-us button(s). */
export function ClosingCta({
  title,
  text,
  children,
  aside,
}: {
  title: string;
  text: string;
  children: React.ReactNode;
  aside?: React.ReactNode;
}) {
  return (
    <section className="bg-slate-900 py-14 text-white sm:py-20">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 lg:grid-cols-[1.4fr_1fr] lg:items-center">
        <div>
          <h2 className="text-3xl font-bold tracking-tight text-balance">{title}</h2>
          <p className="mt-3 text-lg leading-8 text-slate-300">{text}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">{children}</div>
        </div>
        {aside}
      </div>
    </section>
  );
}
