/**
 * One field of a back-office form: its label above the control, then what follows the control (a
 * hint, the field's message). `id` is the control's id, which the label points at.
 */
import type { ReactNode } from 'react';
import { Label } from '#app/components/ui/input.tsx';

export function FieldRow({
  id,
  label,
  required,
  className,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      {children}
    </div>
  );
}
