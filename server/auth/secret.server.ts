import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Env } from "#server/env.server.ts";

/**
 * The secret that signs session cookies and flash messages: BETTER_AUTH_SECRET when set, otherwise one generated on
 * the first start and kept in DATA_DIR/auth-secret (readable by the owner only). A file beside the embedded database,
 * not a row in it, so a database dump or a database reader never holds what forges a cookie. In production with a
 * PostgreSQL server loadEnv already refuses to start without BETTER_AUTH_SECRET, since servers share no DATA_DIR.
 */
export function resolveAuthSecret(env: Pick<Env, "BETTER_AUTH_SECRET" | "DATA_DIR">): string {
  if (env.BETTER_AUTH_SECRET) return env.BETTER_AUTH_SECRET;
  const file = path.join(env.DATA_DIR, "auth-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  try {
    // wx: if another process wrote it first, keep theirs.
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return fs.readFileSync(file, "utf8").trim();
  }
}
