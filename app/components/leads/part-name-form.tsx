/**
 * The lead's short part name (issue 48 item 5, decision 0194): what the texts and the customer's
 * page call the part. Empty, they use a short form of the customer's description (shown in the
 * hint). Posted to the dialog's action as intent 'part-name'.
 */
import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useStaffFetcher } from '#app/components/admin/staff-fetcher.ts';
import { Refusal, useFormErrors } from '#app/components/admin/staff-form.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { fieldClass, Label } from '#app/components/ui/input.tsx';
import { PART_NAME_TEXT, partNamePayloadSchema, type LeadDetails } from '#app/modules/leads/lead-admin.ts';
import { PART_NAME_CHARS, partName } from '#app/modules/messages/part-name.ts';
import type { ActionAnswer } from '#app/modules/site/answers.ts';

export function PartNameForm({ lead }: { lead: LeadDetails }) {
  const [name, setName] = useState(lead.shortPartName ?? '');
  const [notice, setNotice] = useState('');
  const { element, show, check, clear, forget, refusal, field, error } = useFormErrors({ id: 'part-name' });
  const fetcher = useStaffFetcher<ActionAnswer>((answer) => {
    if (!answer.ok) return show(answer);
    setNotice(PART_NAME_TEXT.saved);
  });
  const saving = fetcher.state !== 'idle';
  const fallback = partName({ description: lead.description, partNumber: lead.partNumber });

  function save(event: React.FormEvent) {
    event.preventDefault();
    if (!check(partNamePayloadSchema, { shortPartName: name })) return;
    clear();
    setNotice('');
    void fetcher.submit({ intent: 'part-name', shortPartName: name }, { method: 'post' });
  }

  return (
    <form ref={element} onSubmit={save} noValidate>
      {refusal && (
        <div className="mb-3">
          <Refusal message={refusal} />
        </div>
      )}
      <Label htmlFor="part-name-shortPartName">{PART_NAME_TEXT.label}</Label>
      <div className="flex flex-wrap items-start gap-2">
        <input
          {...field('shortPartName', 'part-name-hint')}
          type="text"
          maxLength={PART_NAME_CHARS}
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            forget('shortPartName');
            if (notice) setNotice('');
          }}
          className={`${fieldClass} min-w-0 flex-1`}
        />
        <Button type="submit" variant="outline" disabled={saving}>
          {saving && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
          {saving ? PART_NAME_TEXT.saving : PART_NAME_TEXT.save}
        </Button>
      </div>
      {error('shortPartName')}
      <p id="part-name-hint" className="mt-1 text-xs text-slate-600">
        {PART_NAME_TEXT.hint(fallback)}
      </p>
      <p role="status" className="text-xs font-medium text-green-800">
        {notice}
      </p>
    </form>
  );
}
