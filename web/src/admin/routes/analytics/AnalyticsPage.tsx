// Placeholder until this screen is built.
export default function AnalyticsPage() {
  return <div>AnalyticsPage</div>;
}
