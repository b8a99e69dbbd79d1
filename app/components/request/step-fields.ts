/** What both steps of the request form get from the form: its fields, their messages, which one is announced. */
import type { UseFormRegister } from 'react-hook-form';
import type { LeadRequestField, LeadRequestInput } from '#app/modules/leads/lead-request.schema.ts';

export type StepFieldsProps = {
  register: UseFormRegister<LeadRequestInput>;
  /** The field's message, if it breaks a rule */
  error: (field: LeadRequestField) => string | undefined;
  /** Whether the field's own message is the one announced (role="alert") */
  alerts: (field: LeadRequestField) => boolean;
};
