// Placeholder until this screen is built.
export default function NotificationDetailPage() {
  return <div>NotificationDetailPage</div>;
}
