export default function Placeholder() {
  return <h1>faq</h1>;
}
