// Placeholder until this screen is built.
export default function CategoryFormPage() {
  return <div>CategoryFormPage</div>;
}
