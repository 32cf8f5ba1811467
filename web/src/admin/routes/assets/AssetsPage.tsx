// Placeholder until this screen is built.
export default function AssetsPage() {
  return <div>AssetsPage</div>;
}
