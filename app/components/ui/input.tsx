/** Text inputs, labels and field messages in the project's style. */
import { cn } from './cn.ts';

export const fieldClass =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-orange-600 focus:outline-none focus:ring-2 focus:ring-orange-500/40 disabled:bg-slate-100 aria-[invalid=true]:border-red-700';

export function Input({ className, ...props }: React.InputHTMLAttributes<HTMLInputElement>) {
  return <input className={cn(fieldClass, 'min-h-11', className)} {...props} />;
}

export function Label({
  className,
  required,
  children,
  ...props
}: React.LabelHTMLAttributes<HTMLLabelElement> & { required?: boolean }) {
  return (
    <label className={cn('mb-1.5 block text-sm font-medium text-slate-800', className)} {...props}>
      {children}
      {required && (
        <span className="ml-0.5 text-red-700" aria-hidden="true">
          *
        </span>
      )}
    </label>
  );
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}
