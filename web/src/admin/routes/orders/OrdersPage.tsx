// Placeholder until this screen is built.
export default function OrdersPage() {
  return <div>OrdersPage</div>;
}
