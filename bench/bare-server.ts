/**
 * The ceiling for bench/ceiling.ts: a bare Node HTTP server that answers each recorded path with the exact status,
 * headers and body bytes the real server sent for it, and does nothing else. `node bench/bare-server.ts PORT FILE`,
 * where FILE is JSON: `{ "/path": { "status": 200, "headers": {…}, "body": "<base64>" } }`.
 */
import fs from "node:fs";
import http from "node:http";

interface Recorded {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const [port, file] = process.argv.slice(2);
const answers = new Map(
  Object.entries(JSON.parse(fs.readFileSync(file!, "utf8")) as Record<string, Recorded>).map(([path, answer]) => [
    path,
    { status: answer.status, headers: answer.headers, body: Buffer.from(answer.body, "base64") },
  ]),
);

http
  .createServer((req, res) => {
    const answer = answers.get(req.url ?? "");
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  })
  .listen(Number(port), "127.0.0.1", () => process.send?.("ready"));
