/**
 * The team screen's body (app/routes/admin-team.tsx): 'Add staff member', the accounts as a table
 * that becomes cards below 1024 px (name, username, role, whether it is disabled and since when,
 * when it was added), and per account but the owner's own 'Disable' or 'Turn back on' and 'Reset
 * password'. Disabling and resetting are confirmed first. A generated password (a new member's,
 * a reset's) is shown once, in the dialog that made it, with a Copy button; closing the dialog
 * forgets it.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { AdminCell, AdminRow, AdminTable } from '#app/components/admin/admin-table.tsx';
import { DialogActions, DialogBody, DialogFrame } from '#app/components/admin/editor-dialog.tsx';
import { FieldRow } from '#app/components/admin/field-row.tsx';
import { useStaffFetcher } from '#app/components/admin/staff-fetcher.ts';
import { Refusal, useStaffForm } from '#app/components/admin/staff-form.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { cn } from '#app/components/ui/cn.ts';
import { fieldClass, Input } from '#app/components/ui/input.tsx';
import { toast } from '#app/components/ui/use-toast.ts';
import type { ActionAnswer } from '#app/modules/site/answers.ts';
import { ROLE_LABELS, TEAM_TEXT, type TeamMember, type TeamRow } from '#app/modules/team/team.ts';

const COLUMNS = ['Name', 'Username', 'Role', 'Status', 'Added', 'Actions'] as const;

type Confirming = { member: TeamRow; kind: 'disable' | 'reset' | 'rename' };

export function TeamScreen({ members, me }: { members: TeamRow[]; me: number }) {
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  return (
    <section>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold">{TEAM_TEXT.title}</h1>
          <p className="mt-1 text-slate-600">{TEAM_TEXT.subtitle}</p>
        </div>
        <Button variant="accent" onClick={() => setAdding(true)}>
          {TEAM_TEXT.add}
        </Button>
      </div>
      <div className="mt-6">
        <AdminTable label="Accounts" columns={COLUMNS} minWidth="lg:min-w-[52rem]" loading={false}>
          {members.map((m) => (
            <MemberRow
              key={m.id}
              member={m}
              own={m.id === me}
              onConfirm={(kind) => setConfirming({ member: m, kind })}
            />
          ))}
        </AdminTable>
      </div>
      {adding && <AddMemberDialog onClose={() => setAdding(false)} />}
      {confirming?.kind === 'rename' && (
        <RenameDialog
          key={`rename-${confirming.member.id}`}
          member={confirming.member}
          onClose={() => setConfirming(null)}
        />
      )}
      {confirming && confirming.kind !== 'rename' && (
        <AccountDialog
          key={`${confirming.kind}-${confirming.member.id}`}
          member={confirming.member}
          kind={confirming.kind}
          onClose={() => setConfirming(null)}
        />
      )}
    </section>
  );
}

function MemberRow({
  member: m,
  own,
  onConfirm,
}: {
  member: TeamRow;
  own: boolean;
  onConfirm: (kind: Confirming['kind']) => void;
}) {
  const fetcher = useStaffFetcher<ActionAnswer>((answer) => {
    if (answer.ok) toast({ title: TEAM_TEXT.enabledDone(m.displayName) });
    else toast({ title: 'Not changed', description: answer.message, variant: 'destructive' });
  });
  const busy = fetcher.state !== 'idle';
  const enable = () => fetcher.submit({ intent: 'enable', id: String(m.id) }, { method: 'post' });
  return (
    <AdminRow data-testid="team-member">
      <AdminCell wide>
        <span className="break-words font-medium text-slate-900">{m.displayName}</span>
        {own && (
          <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-700">
            {TEAM_TEXT.you}
          </span>
        )}
      </AdminCell>
      <AdminCell label="Username" className="break-all font-mono text-slate-700">
        {m.username}
      </AdminCell>
      <AdminCell label="Role" className="text-slate-700">
        {ROLE_LABELS[m.role]}
      </AdminCell>
      <AdminCell label="Status">
        {m.disabledSince !== null ? (
          <>
            <span className="rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-800">
              {TEAM_TEXT.disabled}
            </span>
            <span className="mt-0.5 block text-xs text-slate-600">{TEAM_TEXT.since(m.disabledSince)}</span>
          </>
        ) : (
          <span className="text-slate-700">{TEAM_TEXT.active}</span>
        )}
      </AdminCell>
      <AdminCell label="Added" className="text-slate-700">
        {m.added}
      </AdminCell>
      <AdminCell wide className="py-2">
        {/* no one disables themselves, nor sees their own password on a screen (decision 0160) */}
        {!own && (
          <div className="flex flex-wrap gap-2 lg:justify-end">
            {m.disabledSince !== null ? (
              <Button
                variant="outline"
                disabled={busy}
                onClick={enable}
                aria-label={`${TEAM_TEXT.enable}: ${m.displayName}`}
              >
                {TEAM_TEXT.enable}
              </Button>
            ) : (
              <Button
                variant="outline"
                onClick={() => onConfirm('disable')}
                aria-label={`${TEAM_TEXT.disable}: ${m.displayName}`}
              >
                {TEAM_TEXT.disable}
              </Button>
            )}
            <Button
              variant="outline"
              onClick={() => onConfirm('rename')}
              aria-label={`${TEAM_TEXT.rename}: ${m.displayName}`}
            >
              {TEAM_TEXT.rename}
            </Button>
            <Button
              variant="outline"
              onClick={() => onConfirm('reset')}
              aria-label={`${TEAM_TEXT.reset}: ${m.displayName}`}
            >
              {TEAM_TEXT.reset}
            </Button>
          </div>
        )}
      </AdminCell>
    </AdminRow>
  );
}

type Added = ActionAnswer<{ member: TeamMember; password: string }>;

/** 'Add staff member': username and name; then the generated password, once. */
function AddMemberDialog({ onClose }: { onClose: () => void }) {
  const [added, setAdded] = useState<{ name: string; password: string } | null>(null);
  const { element, submit, refusal, busy, field, error } = useStaffForm<Added>({
    id: 'member',
    done: (answer) => setAdded({ name: answer.member.displayName, password: answer.password }),
  });
  return (
    <DialogFrame
      open
      onOpenChange={(open) => !open && onClose()}
      busy={busy}
      title={TEAM_TEXT.add}
      size="narrow"
      initialFocus="member-username"
    >
      {added ? (
        <OneTimePassword {...added} />
      ) : (
        <form
          ref={element}
          noValidate
          onSubmit={submit({ intent: 'add' })}
          className="flex min-h-0 flex-1 flex-col"
        >
          <DialogBody>
            <div className="grid gap-4">
              {/* a refusal of no one field ('A user named pat already exists.') is said above them */}
              <Refusal message={refusal} />
              <FieldRow id="member-username" label="Username" required>
                <Input
                  {...field('username', 'member-username-hint')}
                  name="username"
                  autoComplete="off"
                  autoCapitalize="none"
                  spellCheck={false}
                  maxLength={64}
                />
                <p id="member-username-hint" className="mt-1 text-sm text-slate-600">
                  {TEAM_TEXT.usernameHint}
                </p>
                {error('username')}
              </FieldRow>
              <FieldRow id="member-displayName" label="Name" required>
                <Input {...field('displayName')} name="displayName" autoComplete="off" maxLength={80} />
                {error('displayName')}
              </FieldRow>
            </div>
          </DialogBody>
          <DialogActions busy={busy}>
            <Button type="submit" variant="accent" disabled={busy}>
              {busy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
              {busy ? TEAM_TEXT.adding : TEAM_TEXT.add}
            </Button>
          </DialogActions>
        </form>
      )}
    </DialogFrame>
  );
}

type Renamed = ActionAnswer<{ displayName: string }>;

/** 'Rename': the name the back office and the audit log show for an account (decision 0201). */
function RenameDialog({ member, onClose }: { member: TeamRow; onClose: () => void }) {
  const { element, submit, refusal, busy, field, error } = useStaffForm<Renamed>({
    id: 'rename',
    done: (answer) => {
      toast({ title: TEAM_TEXT.renamed(answer.displayName) });
      onClose();
    },
  });
  return (
    <DialogFrame
      open
      onOpenChange={(open) => !open && onClose()}
      busy={busy}
      title={`${TEAM_TEXT.rename}: ${member.displayName}`}
      size="narrow"
      initialFocus="rename-displayName"
    >
      <form
        ref={element}
        noValidate
        onSubmit={submit({ intent: 'rename', id: String(member.id) })}
        className="flex min-h-0 flex-1 flex-col"
      >
        <DialogBody>
          <div className="grid gap-4">
            <Refusal message={refusal} />
            <FieldRow id="rename-displayName" label="Name" required>
              <Input
                {...field('displayName')}
                defaultValue={member.displayName}
                autoComplete="off"
                maxLength={80}
              />
              {error('displayName')}
            </FieldRow>
          </div>
        </DialogBody>
        <DialogActions busy={busy}>
          <Button type="submit" variant="accent" disabled={busy}>
            {busy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
            {TEAM_TEXT.saveName}
          </Button>
        </DialogActions>
      </form>
    </DialogFrame>
  );
}

type Reset = ActionAnswer<{ password?: string }>;

/** 'Disable' or 'Reset password', confirmed first; a reset's new password then shown once. */
function AccountDialog({
  member,
  kind,
  onClose,
}: { member: TeamRow; kind: 'disable' | 'reset' } & { onClose: () => void }) {
  const [password, setPassword] = useState<string | null>(null);
  const { element, submit, refusal, busy } = useStaffForm<Reset>({
    id: 'account',
    done: (answer) => {
      if (kind === 'reset') return setPassword(answer.password ?? '');
      toast({ title: TEAM_TEXT.disabledDone(member.displayName) });
      onClose();
    },
  });
  const name = member.displayName;
  const reset = kind === 'reset';
  return (
    <DialogFrame
      open
      onOpenChange={(open) => !open && onClose()}
      busy={busy}
      title={reset ? `${TEAM_TEXT.reset}: ${name}` : `${TEAM_TEXT.disable} ${name}?`}
      size="narrow"
    >
      {password !== null ? (
        <OneTimePassword name={name} password={password} />
      ) : (
        <form
          ref={element}
          noValidate
          onSubmit={submit({ intent: kind, id: String(member.id) })}
          className="flex min-h-0 flex-1 flex-col"
        >
          <DialogBody>
            <div className="grid gap-4">
              <Refusal message={refusal} />
              <p className="text-slate-700">
                {reset ? TEAM_TEXT.confirmReset(name) : TEAM_TEXT.confirmDisable(name)}
              </p>
            </div>
          </DialogBody>
          <DialogActions busy={busy}>
            <Button type="submit" variant={reset ? 'accent' : 'destructive'} disabled={busy}>
              {busy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
              {reset
                ? busy
                  ? TEAM_TEXT.resetting
                  : TEAM_TEXT.reset
                : busy
                  ? TEAM_TEXT.disabling
                  : TEAM_TEXT.disable}
            </Button>
          </DialogActions>
        </form>
      )}
    </DialogFrame>
  );
}

/**
 * A generated password, shown this once: whom to give it to, the password (selected, to copy by
 * hand too) and Copy; Done closes the dialog, and with it the only copy on the screen.
 */
function OneTimePassword({ name, password }: { name: string; password: string }) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password);
      toast({ title: TEAM_TEXT.copied });
    } catch {
      // no clipboard (an address that is not https, a browser that refuses): select it instead
      input.current?.focus();
      input.current?.select();
      toast({ title: TEAM_TEXT.copyByHand });
    }
  };
  return (
    <>
      <DialogBody>
        <p id="one-time-password-note" className="font-medium text-slate-900">
          {TEAM_TEXT.giveTo(name)}
        </p>
        <label htmlFor="one-time-password" className="mb-1.5 mt-4 block text-sm font-medium text-slate-800">
          {TEAM_TEXT.password}
        </label>
        <div className="flex gap-2">
          <input
            ref={input}
            id="one-time-password"
            readOnly
            value={password}
            autoComplete="off"
            spellCheck={false}
            aria-describedby="one-time-password-note"
            className={cn(fieldClass, 'min-h-11 min-w-0 flex-1 font-mono')}
          />
          <Button variant="outline" onClick={() => void copy()}>
            {TEAM_TEXT.copy}
          </Button>
        </div>
      </DialogBody>
      <div
        data-dialog-actions=""
        className="flex flex-col-reverse gap-2 border-t border-slate-200 px-5 py-4 sm:flex-row sm:justify-end sm:px-6"
      >
        <Dialog.Close asChild>
          <Button variant="primary">{TEAM_TEXT.done}</Button>
        </Dialog.Close>
      </div>
    </>
  );
}
