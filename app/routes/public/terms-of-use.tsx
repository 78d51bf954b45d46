export default function Placeholder() {
  return <h1>terms-of-use</h1>;
}
