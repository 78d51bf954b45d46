export default function Placeholder() {
  return <h1>language</h1>;
}
