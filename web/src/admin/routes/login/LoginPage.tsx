// Placeholder until this screen is built.
export default function LoginPage() {
  return <div>LoginPage</div>;
}
