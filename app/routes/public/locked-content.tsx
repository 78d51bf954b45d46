export default function Placeholder() {
  return <h1>locked-content</h1>;
}
