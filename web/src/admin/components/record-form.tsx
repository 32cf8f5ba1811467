import type { Envelope } from '@shop/shared';
import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { isApiError } from '../../lib/api';
import { handleResult, notify } from '../../lib/notify';
import { confirmAction } from './confirm';
import { type FieldErrors, issuesToErrors, serverIssues, withoutError } from './form-errors';
import { FormActions } from './FormActions';

/**
 * SPEC §8: a record that cannot be loaded sends the admin back to its list. A lost session is the
 * unauthorized handler's business (it goes to the login), so it is left alone here.
 */
export function useLeaveOnLoadError(error: unknown, listPath: string) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!error) return;
    if (isApiError(error) && (error.status === 401 || error.status === 403)) return;
    navigate(listPath, { replace: true });
  }, [error, navigate, listPath]);
}

export type Checked<I, F extends string> = { ok: true; input: I } | { ok: false; errors: FieldErrors<F> };

interface RecordFormOptions<R extends { id: string }, D, F extends string, I> {
  /** The record being edited; none on the add page. */
  record: R | undefined;
  newDraft: () => D;
  draftFrom: (record: R) => D;
  /** Checks the draft with the server's own schema before anything is sent. */
  validate: (draft: D) => Checked<I, F>;
  /** The fields the form shows: a 400's issues about these are put next to them. */
  fields: readonly F[];
  create: (input: I) => Promise<Envelope<R>>;
  update: (id: string, input: I) => Promise<Envelope<R>>;
  reload: (id: string) => Promise<R | undefined>;
  destroy: (id: string) => Promise<Envelope<unknown>>;
  /** Reloads every list that shows the record or counts it. */
  refreshLists: () => void;
  /** Where Back, a new record's save and a delete go. */
  listPath: string;
  /** The prefix of the Back / Delete / Save buttons' data-testid. */
  testIdPrefix: string;
  /** A refused delete the form explains in its own words; true when it did. */
  explainRefusedDelete?: (envelope: Envelope<unknown>) => boolean;
}

/**
 * The draft, field errors and save / delete flow of a catalogue record's add and edit page: a new record
 * goes back to the list once stored, an updated one is reloaded and the page stays (SPEC §4).
 */
export function useRecordForm<R extends { id: string }, D, F extends string & keyof D, I>(
  options: RecordFormOptions<R, D, F, I>,
): {
  draft: D;
  errors: FieldErrors<F>;
  edit: <K extends F>(field: K, value: D[K]) => void;
  actions: ReactNode;
} {
  const { record, listPath } = options;
  const navigate = useNavigate();
  const [draft, setDraft] = useState<D>(() => (record ? options.draftFrom(record) : options.newDraft()));
  // The draft as last loaded or saved: Back asks before it throws away anything typed since (issue 31 §18).
  const [savedDraft, setSavedDraft] = useState<D>(draft);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const edit = <K extends F>(field: K, value: D[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutError<F>(current, field));
  };

  const save = async () => {
    const checked = options.validate(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      notify.invalidForm();
      return;
    }
    setSaving(true);
    notify.loading();
    const envelope = record ? await options.update(record.id, checked.input) : await options.create(checked.input);
    setSaving(false);
    const kind = handleResult(envelope, { method: record ? 'put' : 'post' });
    if (kind === 'invalid') {
      setErrors(issuesToErrors(serverIssues(envelope.result), options.fields));
      return;
    }
    // Deleted by someone else meanwhile: there is nothing left to edit here.
    if (envelope.status === 404) navigate(listPath, { replace: true });
    if (kind !== 'success') return;
    options.refreshLists();
    if (!record) {
      navigate(listPath);
      return;
    }
    const fresh = (await options.reload(record.id)) ?? envelope.result;
    const stored = fresh ? options.draftFrom(fresh) : draft;
    setDraft(stored);
    setSavedDraft(stored);
  };

  const back = async () => {
    if (JSON.stringify(draft) !== JSON.stringify(savedDraft)) {
      const leave = await confirmAction({
        title: 'Leave without saving?',
        content: 'The changes on this form are not saved yet. If you leave now, they are lost.',
        okText: 'Leave without saving',
        cancelText: 'Stay on the form',
        danger: true,
      });
      if (!leave) return;
    }
    navigate(listPath);
  };

  const remove = async () => {
    if (!record) return;
    const confirmed = await confirmAction({ okText: 'Delete', danger: true });
    if (!confirmed) return;
    setDeleting(true);
    notify.loading();
    const envelope = await options.destroy(record.id);
    notify.closeLoading();
    setDeleting(false);
    if (options.explainRefusedDelete?.(envelope)) return;
    if (handleResult(envelope, { method: 'delete' }) !== 'success') return;
    options.refreshLists();
    navigate(listPath, { replace: true });
  };

  const actions = (
    <FormActions
      testIdPrefix={options.testIdPrefix}
      onBack={() => void back()}
      onDelete={record ? () => void remove() : undefined}
      onSave={() => void save()}
      saving={saving}
      deleting={deleting}
    />
  );

  return { draft, errors, edit, actions };
}
