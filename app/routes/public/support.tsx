export default function Placeholder() {
  return <h1>support</h1>;
}
