/** The logo mark: a wrench-and-gear badge in the accent colour, drawn inline (no request). */
export function LogoMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#c2410c" />
      <path
        d="M20.6 7.2a5.4 5.4 0 0 0-6.8 6.9l-6.4 6.4a2 2 0 0 0 0 2.8l1.3 1.3a2 2 0 0 0 2.8 0l6.4-6.4a5.4 5.4 0 0 0 6.9-6.8l-3.1 3.1-2.9-.8-.8-2.9 3.1-3.1a5.4 5.4 0 0 0-.5-.5Z"
        fill="#fff"
      />
    </svg>
  );
}
