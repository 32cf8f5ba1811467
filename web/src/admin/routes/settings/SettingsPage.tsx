// Placeholder until this screen is built.
export default function SettingsPage() {
  return <div>SettingsPage</div>;
}
