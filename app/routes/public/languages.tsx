export default function Placeholder() {
  return <h1>languages</h1>;
}
