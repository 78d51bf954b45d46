export default function Placeholder() {
  return <h1>privacy-policy</h1>;
}
