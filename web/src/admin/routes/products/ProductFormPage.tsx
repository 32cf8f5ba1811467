// Placeholder until this screen is built.
export default function ProductFormPage() {
  return <div>ProductFormPage</div>;
}
