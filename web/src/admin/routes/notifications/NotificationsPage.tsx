// Placeholder until this screen is built.
export default function NotificationsPage() {
  return <div>NotificationsPage</div>;
}
