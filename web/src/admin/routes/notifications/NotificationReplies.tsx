import { MailOutlined, SendOutlined } from '@ant-design/icons';
import {
  type AdminNotificationDetail,
  formatAdminDate,
  NOTIFICATION_REPLY_MAX,
  type NotificationReply,
  notificationReplySchema,
} from '@shop/shared/admin';
import { Button, type ButtonProps, Input, Tag, Typography } from 'antd';
import { useState } from 'react';
import { handleResult, notify } from '../../../lib/notify';
import { replyToNotification, resendNotificationReply } from '../../api/notifications';

// antd's ButtonProps type has no data-* attributes, though they reach the DOM.
const testId = (id: string) => ({ 'data-testid': id }) as ButtonProps;

const NOT_SENT = {
  title: 'Reply saved, but not sent',
  description: 'The mail server did not take the mail. It is kept under the message: use "Send again".',
};

function ReplyItem({
  notificationId,
  reply,
  onChanged,
}: {
  notificationId: string;
  reply: NotificationReply;
  onChanged: () => Promise<unknown>;
}) {
  const [sending, setSending] = useState(false);

  const sendAgain = async () => {
    setSending(true);
    const envelope = await resendNotificationReply(notificationId, reply.id);
    const ok = handleResult(envelope, { method: 'post', success: false }) === 'success';
    if (ok && envelope.result?.mail_sent) notify.success({ title: 'Reply sent' });
    else if (ok) notify.warning(NOT_SENT);
    await onChanged();
    setSending(false);
  };

  return (
    <li className="notification-reply" data-testid="notification-reply" data-sent={reply.mail_sent}>
      <p className="notification-reply-text" data-testid="notification-reply-text">
        {reply.message}
      </p>
      <div className="notification-reply-meta">
        <Typography.Text type="secondary" data-testid="notification-reply-meta">
          {reply.by || 'System'} · {formatAdminDate(reply.created_at)}
        </Typography.Text>
        {reply.mail_sent ? (
          <Tag color="green" icon={<MailOutlined />}>
            Sent
          </Tag>
        ) : (
          <>
            <Tag color="red" data-testid="notification-reply-unsent">
              Not sent
            </Tag>
            <Button
              size="small"
              onClick={() => void sendAgain()}
              loading={sending}
              {...testId('notification-reply-resend')}
            >
              Send again
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

/**
 * The answers to a contact message (issue 22), oldest first, and the box to write one: mailed to the sender
 * with the shop's address to reply to, and the message marked resolved.
 */
export function NotificationReplies({
  notification,
  onChanged,
}: {
  notification: AdminNotificationDetail;
  onChanged: () => Promise<unknown>;
}) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const deleted = notification.status === 'deleted';

  const send = async () => {
    const parsed = notificationReplySchema.safeParse({ message: text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'The reply cannot be sent');
      return;
    }
    setError(null);
    setSending(true);
    const envelope = await replyToNotification(notification.id, parsed.data.message);
    if (handleResult(envelope, { method: 'post', success: false }) === 'success') {
      if (envelope.result?.mail_sent) notify.success({ title: 'Reply sent', description: `To ${notification.email}` });
      else notify.warning(NOT_SENT);
      setText('');
      await onChanged();
    }
    setSending(false);
  };

  return (
    <section className="notification-replies" aria-labelledby="notification-replies-title">
      <Typography.Title level={5} id="notification-replies-title" className="notifications-message-title">
        Replies
      </Typography.Title>
      {notification.replies.length ? (
        <ol className="notification-reply-list" data-testid="notification-replies">
          {notification.replies.map((reply) => (
            <ReplyItem key={reply.id} notificationId={notification.id} reply={reply} onChanged={onChanged} />
          ))}
        </ol>
      ) : (
        <Typography.Paragraph type="secondary" data-testid="notification-replies-empty">
          No reply yet.
        </Typography.Paragraph>
      )}
      {deleted ? null : (
        <div className="notification-reply-box">
          <label htmlFor="notification-reply-input" className="notification-reply-label">
            Reply to {notification.email}
          </label>
          <Typography.Text type="secondary" id="notification-reply-hint" className="notification-reply-hint">
            Sent by mail with the message quoted under it; answers come back to the shop&apos;s address. The message is
            then marked resolved.
          </Typography.Text>
          <Input.TextArea
            id="notification-reply-input"
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={NOTIFICATION_REPLY_MAX}
            showCount
            autoSize={{ minRows: 4, maxRows: 14 }}
            placeholder={`Dear ${notification.firstname}, …`}
            status={error ? 'error' : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'notification-reply-hint notification-reply-error' : 'notification-reply-hint'}
            data-testid="notification-reply-input"
          />
          {error ? (
            <Typography.Text type="danger" id="notification-reply-error" role="alert">
              {error}
            </Typography.Text>
          ) : null}
          <div className="notification-reply-actions">
            <Button
              type="primary"
              icon={<SendOutlined />}
              onClick={() => void send()}
              loading={sending}
              disabled={sending || text.trim() === ''}
              {...testId('notification-reply-send')}
            >
              Send reply
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
