// Placeholder until this screen is built.
export default function ProductsPage() {
  return <div>ProductsPage</div>;
}
