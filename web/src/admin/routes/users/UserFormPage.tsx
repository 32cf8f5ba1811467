// Placeholder until this screen is built.
export default function UserFormPage() {
  return <div>UserFormPage</div>;
}
