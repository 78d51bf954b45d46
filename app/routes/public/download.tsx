export default function Placeholder() {
  return <h1>download</h1>;
}
