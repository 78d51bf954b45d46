import type http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { loadEnv } from "#server/env.server.ts";
import { createSecurityHeaders } from "#server/http/security-headers.server.ts";

/** The headers as a browser receives them, from a small Express app over a real socket: a page and a file. */
const servers: http.Server[] = [];
afterEach(() => Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve)))));

async function headersFor(source: Record<string, string>, storageUrl?: string) {
  const headers = createSecurityHeaders(loadEnv(source), { storageUrl });
  const app = express();
  app.get("/page", headers.pages, (_req, res) => res.send("<p>page</p>"));
  app.use("/files", express.static(import.meta.dirname, { setHeaders: headers.files }));
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const [page, file] = await Promise.all([fetch(`${base}/page`), fetch(`${base}/files/security-headers.server.ts`)]);
  return { page: page.headers, file: file.headers };
}

const hsts = "max-age=31536000; includeSubDomains";

describe("createSecurityHeaders", () => {
  it("sends HSTS on pages and files only when PUBLIC_URL is https", async () => {
    const secure = await headersFor({ NODE_ENV: "production", PUBLIC_URL: "https://phrasewise.example" });
    expect(secure.page.get("strict-transport-security")).toBe(hsts);
    expect(secure.file.get("strict-transport-security")).toBe(hsts);
    const plain = await headersFor({ NODE_ENV: "production", PUBLIC_URL: "http://phrasewise.example" });
    expect(plain.page.get("strict-transport-security")).toBeNull();
    expect(plain.file.get("strict-transport-security")).toBeNull();
  });

  it("gives files the common headers and a policy of their own, without a nonce", async () => {
    const { file } = await headersFor({ NODE_ENV: "production", PUBLIC_URL: "https://phrasewise.example" });
    expect(file.get("x-content-type-options")).toBe("nosniff");
    expect(file.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(file.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(file.get("content-security-policy")).toMatch(/^default-src 'none';.*; sandbox$/);
    expect(file.get("content-security-policy")).not.toContain("nonce");
  });

  it("allows images and media from the storage origin (S3 or CDN), and nothing else beyond the site", async () => {
    const { page } = await headersFor({ NODE_ENV: "production", PUBLIC_URL: "https://phrasewise.example" }, "https://cdn.example.net/phrasewise/");
    const policy = page.get("content-security-policy")!;
    expect(policy).toContain("img-src 'self' data: blob: https://cdn.example.net;");
    expect(policy).toContain("media-src 'self' blob: https://cdn.example.net;");
    const local = await headersFor({ NODE_ENV: "production", PUBLIC_URL: "https://phrasewise.example" });
    expect(local.page.get("content-security-policy")).toContain("img-src 'self' data: blob:;");
  });

  it("only reports in development, where Vite injects scripts of its own; enforces in production and tests", async () => {
    const dev = await headersFor({ NODE_ENV: "development", PUBLIC_URL: "http://localhost:3000" });
    expect(dev.page.get("content-security-policy")).toBeNull();
    expect(dev.page.get("content-security-policy-report-only")).toContain("script-src 'nonce-");
    for (const NODE_ENV of ["production", "test"]) {
      const { page } = await headersFor({ NODE_ENV, PUBLIC_URL: "http://localhost:3000" });
      expect(page.get("content-security-policy")).toContain("script-src 'nonce-");
      expect(page.get("content-security-policy-report-only")).toBeNull();
    }
  });

  it("gives every page answer a nonce of its own: 128 random bits, never repeated, the policy around it unchanged", async () => {
    const headers = createSecurityHeaders(loadEnv({ NODE_ENV: "production", PUBLIC_URL: "https://phrasewise.example" }));
    const app = express();
    app.get("/page", headers.pages, (_req, res) => res.send(`<script nonce="${String(res.locals.cspNonce)}"></script>`));
    const server = app.listen(0, "127.0.0.1");
    servers.push(server);
    await new Promise((resolve) => server.once("listening", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/page`;
    const nonces = new Set<string>();
    const policies = new Set<string>();
    // More answers than one block of drawn random bytes holds (256 nonces), so a refill is crossed twice.
    for (let i = 0; i < 600; i++) {
      const response = await fetch(url);
      const policy = response.headers.get("content-security-policy")!;
      const nonce = /script-src 'nonce-([^']*)' 'strict-dynamic' 'self';/.exec(policy)?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(await response.text()).toBe(`<script nonce="${nonce}"></script>`);
      nonces.add(nonce!);
      policies.add(policy.replace(nonce!, "N"));
    }
    expect(nonces.size).toBe(600);
    expect([...policies]).toEqual([
      "default-src 'self'; script-src 'nonce-N' 'strict-dynamic' 'self'; worker-src 'self'; style-src 'self' 'unsafe-inline'; " +
        "img-src 'self' data: blob:; media-src 'self' blob:; object-src 'none'; base-uri 'none'; form-action 'self'; " +
        "frame-ancestors 'self'; report-uri /api/csp-report; report-to csp",
    ]);
  });
});
