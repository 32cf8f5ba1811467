// Placeholder until this screen is built.
export default function UsersPage() {
  return <div>UsersPage</div>;
}
