// Placeholder until this screen is built.
export default function OrderDetailPage() {
  return <div>OrderDetailPage</div>;
}
