import { ArrowLeftOutlined, DeleteOutlined } from '@ant-design/icons';
import {
  ADMIN_SETTABLE_RECORD_STATUSES,
  type AdminNotificationDetail,
  type AdminSettableRecordStatus,
  formatAdminDate,
  notificationStatusOnOpen,
} from '@shop/shared/admin';
import { Button, Card, Descriptions, type DescriptionsProps, Select, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { mutate } from 'swr';
import { handleResult } from '../../../lib/notify';
import { refreshDashboard } from '../../api/dashboard';
import {
  deleteNotification,
  markNotificationOnOpen,
  notificationKey,
  refreshNotificationLists,
  updateNotificationStatus,
  useNotification,
} from '../../api/notifications';
import { confirmAction } from '../../components/confirm';
import { PageHeader } from '../../components/PageHeader';
import { useLeaveOnLoadError } from '../../components/record-form';
import { capitalise, fullName, NotificationStatusTag, NotificationTypeTag } from './display';
import { NotificationReplies } from './NotificationReplies';
import { listAddress, type ListLocationState } from './list-location';
import './notifications.css';

/**
 * SPEC §4: a new message becomes read when an admin opens it (notificationStatusOnOpen). The reply is not
 * waited for before showing the message; the cached copy, the lists and the drawer's violet badge follow once
 * the server agrees.
 */
async function markOpened(notification: AdminNotificationDetail, status: AdminSettableRecordStatus): Promise<void> {
  const envelope = await markNotificationOnOpen(notification.id, notification.status, status);
  // Refused because a status the admin set landed first: that one stands, and there is nothing to tell.
  if (envelope.status === 409) {
    await mutate(notificationKey(notification.id));
    return;
  }
  // An automatic change gets no success toast; failures still get theirs (and 401/403 log out).
  if (handleResult(envelope, { method: 'put', success: false }) !== 'success') return;
  await mutate<AdminNotificationDetail>(
    notificationKey(notification.id),
    // Only over the message as opened: a status set since stays.
    (current) => (current && current.status === notification.status ? { ...current, status } : current),
    { revalidate: false },
  );
  void refreshNotificationLists();
  void refreshDashboard();
}

/** Notification detail (SPEC §2): who wrote, how to reach them, and what they wrote. */
export default function NotificationDetailPage() {
  const { id } = useParams<{ id: string }>();
  const navigate = useNavigate();
  const location = useLocation();
  const backTo = listAddress(location.state as ListLocationState | null);
  const { data: notification, error } = useNotification(id);
  const [deleting, setDeleting] = useState(false);

  // The id whose PUT was sent: StrictMode runs effects twice and SWR may hand over the same record again,
  // and neither may send a second PUT.
  const markedId = useRef<string | null>(null);
  useEffect(() => {
    const next = notification ? notificationStatusOnOpen(notification.status) : null;
    if (!notification || next === null || markedId.current === notification.id) return;
    markedId.current = notification.id;
    void markOpened(notification, next as AdminSettableRecordStatus);
  }, [notification]);

  const [settingStatus, setSettingStatus] = useState(false);
  const setStatus = async (status: AdminSettableRecordStatus) => {
    if (!notification) return;
    setSettingStatus(true);
    const envelope = await updateNotificationStatus(notification.id, status);
    setSettingStatus(false);
    if (handleResult(envelope, { method: 'put', success: { title: `Marked ${status}` } }) !== 'success') return;
    await mutate(notificationKey(notification.id), envelope.result ?? undefined, { revalidate: !envelope.result });
    void refreshNotificationLists();
    void refreshDashboard();
  };

  /** After a reply: the message (now resolved, with the reply listed), the lists and the badge. */
  const reload = async () => {
    if (!notification) return;
    await mutate(notificationKey(notification.id));
    void refreshNotificationLists();
    void refreshDashboard();
  };

  useLeaveOnLoadError(error, backTo);

  const remove = async () => {
    if (!notification) return;
    if (!(await confirmAction({ okText: 'Delete', danger: true }))) return;
    setDeleting(true);
    const envelope = await deleteNotification(notification.id);
    setDeleting(false);
    if (handleResult(envelope, { method: 'delete' }) !== 'success') return;
    void mutate(notificationKey(notification.id), undefined, { revalidate: false });
    void refreshNotificationLists();
    void refreshDashboard();
    navigate(backTo);
  };

  const actions = (
    <div className="notifications-detail-actions">
      <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(backTo)} data-testid="notification-back">
        Back
      </Button>
      <Button
        danger
        icon={<DeleteOutlined />}
        onClick={() => void remove()}
        loading={deleting}
        disabled={!notification}
        data-testid="notification-delete"
      >
        Delete
      </Button>
    </div>
  );

  if (!notification) {
    return (
      <div className="notifications-page">
        <PageHeader title="Notification" extra={actions} />
        <Card className="notifications-card">
          <div className="notifications-loading" aria-busy="true">
            <Spin />
          </div>
        </Card>
      </div>
    );
  }

  const items: DescriptionsProps['items'] = [
    { key: 'firstname', label: 'First name', children: notification.firstname },
    { key: 'lastname', label: 'Last name', children: notification.lastname },
    {
      key: 'email',
      label: 'Email',
      children: <a href={`mailto:${notification.email}`}>{notification.email}</a>,
    },
    ...(notification.telephone
      ? [
          {
            key: 'telephone',
            label: 'Telephone',
            children: <a href={`tel:${notification.telephone.replace(/[^\d+]/g, '')}`}>{notification.telephone}</a>,
          },
        ]
      : []),
    { key: 'type', label: 'Type', children: <NotificationTypeTag type={notification.type} /> },
    {
      key: 'status',
      label: 'Status',
      children: (
        <div className="notifications-status-field">
          <NotificationStatusTag status={notification.status} />
          {/* SPEC §3/§4: read, resolved and approved by hand; never back to new, and DELETE deletes. */}
          <Select<AdminSettableRecordStatus>
            size="small"
            value={null}
            placeholder="Change status"
            aria-label="Change status"
            loading={settingStatus}
            disabled={settingStatus || notification.status === 'deleted'}
            onChange={(status) => void setStatus(status)}
            options={ADMIN_SETTABLE_RECORD_STATUSES.filter((s) => s !== notification.status).map((s) => ({
              value: s,
              label: capitalise(s),
            }))}
            popupMatchSelectWidth={false}
            className="notifications-status-select"
            data-testid="notification-status-select"
          />
        </div>
      ),
    },
    { key: 'date', label: 'Received', children: formatAdminDate(notification.created_at || notification.updated_at) },
  ];

  return (
    <div className="notifications-page">
      <PageHeader title="Notification" extra={actions} />
      <Card className="notifications-card notifications-detail" data-testid="notification-detail">
        <Typography.Title level={4} className="notifications-subject" data-testid="notification-subject">
          {notification.title}
        </Typography.Title>
        <Typography.Paragraph type="secondary" className="notifications-from">
          From {fullName(notification)}
        </Typography.Paragraph>
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, sm: 1, md: 2 }}
          items={items}
          className="notifications-fields"
        />
        <Typography.Title level={5} className="notifications-message-title">
          Message
        </Typography.Title>
        <div className="notifications-message-box">
          <p className="notifications-message" data-testid="notification-message">
            {notification.message}
          </p>
        </div>
        <NotificationReplies notification={notification} onChanged={reload} />
      </Card>
    </div>
  );
}
