import { NOTIFICATION_TYPE_COLORS, RECORD_STATUS_COLORS, type NotificationType, type RecordStatus } from '@shop/shared';
import { Tag } from 'antd';

/** "new" → "New": tags and filter choices read as words, the API keeps the lower-case values. */
export const capitalise = (value: string) => (value ? value[0].toUpperCase() + value.slice(1) : value);

export function NotificationStatusTag({ status }: { status: RecordStatus }) {
  return (
    <Tag color={RECORD_STATUS_COLORS[status]} data-testid="notification-status">
      {capitalise(status)}
    </Tag>
  );
}

export function NotificationTypeTag({ type }: { type: NotificationType }) {
  return (
    <Tag color={NOTIFICATION_TYPE_COLORS[type]} data-testid="notification-type">
      {capitalise(type)}
    </Tag>
  );
}

export const fullName = (person: { firstname: string; lastname: string }) =>
  `${person.firstname} ${person.lastname}`.trim();
