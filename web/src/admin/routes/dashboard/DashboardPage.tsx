// Placeholder until this screen is built.
export default function DashboardPage() {
  return <div>DashboardPage</div>;
}
