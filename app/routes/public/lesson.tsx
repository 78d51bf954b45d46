export default function Placeholder() {
  return <h1>lesson</h1>;
}
