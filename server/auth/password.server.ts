import { argon2, randomBytes, timingSafeEqual, type Argon2Parameters } from "node:crypto";
import { promisify } from "node:util";

/**
 * Password hashing with argon2id from Node's own crypto module (no native add-on, nothing downloaded at install).
 * Cost: 64 MiB of memory, 2 passes, 1 lane; above OWASP's minimum for argon2id (19 MiB, 2 passes, 1 lane) and about
 * 0.1 s a hash on this project's machines. Hashes are PHC strings, so the cost can be raised later and old hashes
 * still verify with the parameters stored in them.
 */

const argon2Async = promisify(argon2);

export const PASSWORD_HASH_COST = { memoryKiB: 64 * 1024, passes: 2, parallelism: 1 } as const;

const SALT_BYTES = 16;
const TAG_BYTES = 32;
/** Refuses stored parameters that would make one verification a denial of service (a tampered hash). */
const MAX_MEMORY_KIB = 1024 * 1024;
const MAX_PASSES = 10;

function derive(password: string, salt: Buffer, memory: number, passes: number, parallelism: number, tagLength: number) {
  const parameters: Argon2Parameters = { message: password, nonce: salt, memory, passes, parallelism, tagLength };
  return argon2Async("argon2id", parameters);
}

export async function hashPassword(password: string): Promise<string> {
  const { memoryKiB, passes, parallelism } = PASSWORD_HASH_COST;
  const salt = randomBytes(SALT_BYTES);
  const tag = await derive(password, salt, memoryKiB, passes, parallelism, TAG_BYTES);
  return `$argon2id$v=19$m=${memoryKiB},t=${passes},p=${parallelism}$${salt.toString("base64url")}$${tag.toString("base64url")}`;
}

const phc = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;

export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const match = phc.exec(hash);
  if (!match) return false;
  const [, m, t, p, saltText, tagText] = match;
  const memory = Number(m);
  const passes = Number(t);
  const parallelism = Number(p);
  if (memory > MAX_MEMORY_KIB || passes > MAX_PASSES || parallelism < 1 || parallelism > 16) return false;
  const expected = Buffer.from(tagText!, "base64url");
  if (expected.length < 16) return false;
  const actual = await derive(password, Buffer.from(saltText!, "base64url"), memory, passes, parallelism, expected.length);
  return timingSafeEqual(actual, expected);
}
