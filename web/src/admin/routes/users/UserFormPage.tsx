import { SaveOutlined } from '@ant-design/icons';
import { type AdminUser, type Envelope, USER_ROLE_LABELS, USER_ROLES, type UserRole } from '@shop/shared/admin';
import { Button, Card, Form, Input, Select, Switch } from 'antd';
import { type ReactNode, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { notify } from '../../../lib/notify';
import { createUser, deleteUser, forgetUser, refreshUserLists, storeUser, updateUser, useUser } from '../../api/users';
import { confirmAction } from '../../components/confirm';
import { FormActions, FormLoadingBody } from '../../components/FormActions';
import { fieldStatus } from '../../components/form-errors';
import { PageHeader } from '../../components/PageHeader';
import { useLeaveOnLoadError } from '../../components/record-form';
import { handleWriteResult } from '../../components/write-result';
import {
  checkNewUser,
  checkUserUpdate,
  draftFromUser,
  EMPTY_USER_DRAFT,
  type UserDraft,
  type UserErrors,
  type UserField,
  userDraftChanged,
} from './user-form';
import { fullName } from './users-list';
import './users.css';

const LIST_PATH = '/admin/users';

const ROLE_OPTIONS = USER_ROLES.map((role) => ({ value: role, label: USER_ROLE_LABELS[role] }));
const ROLE_HELP: Record<UserRole, string> = {
  admin: 'Uses this control centre and the content panel at /cms.',
  editor: 'Uses only the content panel at /cms: recipes, changelog, images and product texts.',
};

interface FormState {
  /** What was loaded or last saved: Save stays off on edit while the draft equals it. */
  baseline: UserDraft;
  draft: UserDraft;
}

interface UserFormProps {
  /** The account being edited; absent for a new one. */
  user?: AdminUser;
  /** After a successful save, with the record as the server stored it (null if the reply had none). */
  onSaved: (saved: AdminUser | null) => void;
}

/**
 * The one form of add and edit (SPEC §2 User form): names and email required, telephone optional, the role
 * Admin unless chosen otherwise.
 */
function UserForm({ user, onSaved }: UserFormProps) {
  const navigate = useNavigate();
  const editing = user !== undefined;
  const [form, setForm] = useState<FormState>(() => {
    const start = user ? draftFromUser(user) : EMPTY_USER_DRAFT;
    return { baseline: start, draft: start };
  });
  const [errors, setErrors] = useState<UserErrors>({});
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const edit = <K extends keyof UserDraft>(field: K, value: UserDraft[K]) => {
    setForm((current) => ({ ...current, draft: { ...current.draft, [field]: value } }));
    setErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field as UserField];
      return next;
    });
  };

  const refuse = (found: UserErrors) => {
    setErrors(found);
    notify.invalidForm();
  };

  /** PUT for an account being edited, POST (which mails the invite) for a new one; null when refused here. */
  const send = async (): Promise<Envelope<AdminUser | null> | null> => {
    if (user) {
      const checked = checkUserUpdate(form.draft, user.email);
      if (checked.ok) return updateUser(user.id, checked.input);
      refuse(checked.errors);
      return null;
    }
    const checked = checkNewUser(form.draft);
    if (checked.ok) return createUser(checked.input);
    refuse(checked.errors);
    return null;
  };

  const save = async () => {
    setSaving(true);
    notify.loading();
    const envelope = await send();
    setSaving(false);
    if (!envelope) {
      notify.closeLoading();
      return;
    }
    const kind = handleWriteResult(envelope, {
      method: user ? 'put' : 'post',
      success: user
        ? undefined
        : {
            title: 'Invitation sent',
            description: `We emailed ${envelope.result?.email ?? 'the new user'} a link to choose a password.`,
          },
    });
    if (kind !== 'success') return;
    void refreshUserLists();
    if (user) {
      // The server's reply is the truth (it trims); the form starts again from it.
      const next = envelope.result ? draftFromUser(envelope.result) : form.draft;
      setForm({ baseline: next, draft: next });
      setErrors({});
    }
    onSaved(envelope.result);
  };

  const remove = async () => {
    if (!user) return;
    if (!(await confirmAction({ okText: 'Delete', danger: true }))) return;
    setDeleting(true);
    notify.loading();
    const envelope = await deleteUser(user.id);
    setDeleting(false);
    if (handleWriteResult(envelope, { method: 'delete' }) !== 'success') return;
    void forgetUser(user.id);
    void refreshUserLists();
    navigate(LIST_PATH);
  };

  const changed = userDraftChanged(form.baseline, form.draft);
  const { draft } = form;

  return (
    <FormLayout
      title={editing ? fullName(user) : 'Add user'}
      actions={
        <FormActions
          testIdPrefix="user"
          onBack={() => navigate(LIST_PATH)}
          // Save sits at the form's foot (it submits the form), so Delete is not tied to it here.
          onDelete={editing ? () => void remove() : undefined}
          deleting={deleting}
        />
      }
    >
      <Form
        layout="vertical"
        component="form"
        requiredMark
        data-testid="user-form"
        onFinish={() => void save()}
        // The zod check owns validation; antd's store is not used, so Enter simply submits.
        noValidate
      >
        <div className="users-form-grid">
          <Form.Item label="First name" required htmlFor="user-firstname" {...fieldStatus(errors, 'firstname')}>
            <Input
              id="user-firstname"
              value={draft.firstname}
              onChange={(event) => edit('firstname', event.target.value)}
              maxLength={100}
              autoComplete="off"
              data-testid="user-firstname"
            />
          </Form.Item>
          <Form.Item label="Last name" required htmlFor="user-lastname" {...fieldStatus(errors, 'lastname')}>
            <Input
              id="user-lastname"
              value={draft.lastname}
              onChange={(event) => edit('lastname', event.target.value)}
              maxLength={100}
              autoComplete="off"
              data-testid="user-lastname"
            />
          </Form.Item>
          <Form.Item
            label="Email"
            required
            htmlFor="user-email"
            {...fieldStatus(errors, 'email')}
            extra={editing ? 'The email cannot be changed.' : 'An invitation to choose a password is sent here.'}
          >
            <Input
              id="user-email"
              type="email"
              value={draft.email}
              onChange={(event) => edit('email', event.target.value)}
              disabled={editing}
              maxLength={320}
              autoComplete="off"
              data-testid="user-email"
            />
          </Form.Item>
          <Form.Item label="Telephone" htmlFor="user-telephone" {...fieldStatus(errors, 'telephone')}>
            <Input
              id="user-telephone"
              type="tel"
              value={draft.telephone}
              onChange={(event) => edit('telephone', event.target.value)}
              maxLength={40}
              autoComplete="off"
              data-testid="user-telephone"
            />
          </Form.Item>
          <Form.Item label="Role" required htmlFor="user-role" extra={ROLE_HELP[draft.role]}>
            <Select<UserRole>
              id="user-role"
              value={draft.role}
              options={ROLE_OPTIONS}
              onChange={(role) => edit('role', role)}
              data-testid="user-role"
            />
          </Form.Item>
        </div>
        {editing ? (
          <Form.Item label="Active">
            <div className="users-form-active">
              <Switch
                id="user-active"
                checked={draft.active}
                onChange={(checked) => edit('active', checked)}
                aria-label="Active"
                data-testid="user-active"
              />
              <label htmlFor="user-active">
                {draft.active ? 'Can sign in' : 'Cannot sign in until made active again'}
              </label>
            </div>
          </Form.Item>
        ) : null}
        <div className="users-form-actions">
          <Button
            type="primary"
            htmlType="submit"
            icon={<SaveOutlined />}
            loading={saving}
            disabled={editing && !changed}
            data-testid="user-save"
          >
            {editing ? 'Save' : 'Save and invite'}
          </Button>
        </div>
      </Form>
    </FormLayout>
  );
}

function FormLayout({ title, actions, children }: { title: ReactNode; actions: ReactNode; children: ReactNode }) {
  return (
    <div className="users-page">
      <PageHeader title={title} extra={actions} />
      <Card className="users-card users-form-card">{children}</Card>
    </div>
  );
}

function AddUser() {
  const navigate = useNavigate();
  return <UserForm onSaved={() => navigate(LIST_PATH)} />;
}

function EditUser({ id }: { id: string }) {
  const navigate = useNavigate();
  const { data: user, error } = useUser(id);

  useLeaveOnLoadError(error, LIST_PATH);

  if (!user) {
    return (
      <FormLayout title="User" actions={<FormActions testIdPrefix="user" onBack={() => navigate(LIST_PATH)} />}>
        <FormLoadingBody />
      </FormLayout>
    );
  }
  // Keyed by id: opening another account starts a fresh form rather than keeping this one's draft.
  return (
    <UserForm
      key={user.id}
      user={user}
      onSaved={(saved) => {
        if (saved) void storeUser(saved);
      }}
    />
  );
}

/** /admin/users/add and /admin/users/edit/{id}. */
export default function UserFormPage() {
  const { id } = useParams<{ id: string }>();
  return id ? <EditUser id={id} /> : <AddUser />;
}
