export default function Placeholder() {
  return <h1>level</h1>;
}
