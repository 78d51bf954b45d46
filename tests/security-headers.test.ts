import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Logger } from "#server/logger.server.ts";
import { startTestSite, type TestSite } from "#tests/support/app-server.ts";
import { contentChanged, seedSmallCatalog } from "#tests/support/site-fixtures.ts";

/**
 * The Content-Security-Policy and the other security headers over HTTP against the real site: pages, their .data
 * requests, stored files, a cached page, and the CSP report endpoint (its limits: server/http/csp-report.server.test.ts).
 */

const warnings: string[] = [];
const recordingLogger: Logger = {
  debug() {},
  info() {},
  warn: (message) => warnings.push(message),
  error() {},
};

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite({ logger: recordingLogger });
  await seedSmallCatalog(site);
  // Its change reaches the page cache before the tests' requests (over PostgreSQL: through LISTEN/NOTIFY).
  await contentChanged(site, "catalog");
  await site.runtime.storage.put("assets", "settings/logo_1.svg", new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"), "image/svg+xml");
}, 60_000);
afterAll(() => site?.close());
beforeEach(() => {
  warnings.length = 0;
});

/** The directives of a policy, each with its sources. */
function directives(policy: string | null): Map<string, string[]> {
  expect(policy, "Content-Security-Policy header").toBeTruthy();
  return new Map(
    policy!
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function nonceOf(response: Response): string {
  const scriptSrc = directives(response.headers.get("content-security-policy")).get("script-src") ?? [];
  const nonce = scriptSrc.find((source) => source.startsWith("'nonce-"));
  expect(nonce, "script-src has a nonce").toBeTruthy();
  return nonce!.slice("'nonce-".length, -1);
}

/** Every <script> start tag in the HTML. */
const scriptTags = (html: string) => html.match(/<script\b[^>]*>/g) ?? [];

const pages = ["/", "/languages", "/spanish/a1/greetings", "/support", "/auth", "/blog", "/no/such/page"];

describe("pages", () => {
  it("carry a nonce-based policy without 'unsafe-inline' for scripts, and the other security headers", async () => {
    const response = await site.request("/support");
    expect(response.status).toBe(200);
    const policy = directives(response.headers.get("content-security-policy"));
    const scriptSrc = policy.get("script-src")!;
    expect(scriptSrc).toContain("'strict-dynamic'");
    expect(scriptSrc.join(" ")).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'self'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("report-uri")).toEqual(["/api/csp-report"]);
    expect(policy.get("report-to")).toEqual(["csp"]);
    expect(response.headers.get("reporting-endpoints")).toBe('csp="/api/csp-report"');
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    // PUBLIC_URL is http here.
    expect(response.headers.get("strict-transport-security")).toBeNull();
    expect(response.headers.get("content-security-policy-report-only")).toBeNull();
  });

  it("give every inline <script> the header's nonce, and a new nonce to each render", async () => {
    const seen = new Set<string>();
    for (const path of pages) {
      const response = await site.request(path, { headers: { "cache-control": "no-cache" } });
      const nonce = nonceOf(response);
      seen.add(nonce);
      const html = await response.text();
      const tags = scriptTags(html);
      expect(tags.length, path).toBeGreaterThanOrEqual(4);
      for (const tag of tags) expect(tag, `${path}: ${tag}`).toContain(` nonce="${nonce}"`);
      // React Router's module script, renamed until the first frame, still carries it.
      expect(html).toContain(`<script nonce="${nonce}" type="x-deferred-module"`);
    }
    // Signed-in pages are never cached; the anonymous ones above are each their own URL.
    expect(seen.size).toBe(pages.length);
    expect([...seen].every((nonce) => /^[A-Za-z0-9_-]{22}$/.test(nonce))).toBe(true);
  });

  it("send the policy on .data requests too", async () => {
    for (const path of ["/_.data", "/support.data", "/spanish/a1/greetings.data"]) {
      const response = await site.request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-security-policy"), path).toContain("'nonce-");
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
    }
  });

  it("served from the cache keep the nonce of their render, in header and body alike", async () => {
    const first = await site.request("/languages?csp=cached");
    const firstNonce = nonceOf(first);
    const firstHtml = await first.text();
    const second = await site.request("/languages?csp=cached");
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(nonceOf(second)).toBe(firstNonce);
    const html = await second.text();
    expect(html).toBe(firstHtml);
    for (const tag of scriptTags(html)) expect(tag).toContain(` nonce="${firstNonce}"`);
  });
});

describe("stored files", () => {
  it("get the security headers and a policy that runs no script, even opened on their own", async () => {
    const response = await site.request("/storage/assets/settings/logo_1.svg");
    expect(response.status).toBe(200);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    const policy = directives(response.headers.get("content-security-policy"));
    expect(policy.get("default-src")).toEqual(["'none'"]);
    expect(policy.has("sandbox")).toBe(true);
    expect(policy.has("script-src")).toBe(false);
  });
});

describe("the CSP report endpoint", () => {
  const report = {
    "csp-report": {
      "document-uri": `http://127.0.0.1/auth/reset-password?token=secret-token`,
      "effective-directive": "script-src-elem",
      "blocked-uri": "inline",
      "source-file": "http://127.0.0.1/auth/reset-password",
      "line-number": 12,
      disposition: "enforce",
    },
  };

  it("logs one line per report (report-uri and Reporting API), without the page's query", async () => {
    const legacy = await site.request("/api/csp-report", {
      method: "POST",
      headers: { "content-type": "application/csp-report" },
      body: JSON.stringify(report),
    });
    expect(legacy.status).toBe(204);
    const batch = await site.request("/api/csp-report", {
      method: "POST",
      headers: { "content-type": "application/reports+json" },
      body: JSON.stringify([
        {
          type: "csp-violation",
          url: "http://127.0.0.1/support",
          body: { documentURL: "http://127.0.0.1/support", effectiveDirective: "img-src", blockedURL: "https://cdn.example/x.png", disposition: "report" },
        },
        { type: "deprecation", url: "http://127.0.0.1/", body: { id: "x" } },
      ]),
    });
    expect(batch.status).toBe(204);
    expect(warnings).toEqual([
      "CSP violation (enforce): script-src-elem blocked inline on http://127.0.0.1/auth/reset-password at http://127.0.0.1/auth/reset-password:12",
      "CSP violation (report): img-src blocked https://cdn.example/x.png on http://127.0.0.1/support",
    ]);
  });

  it("refuses a body over 16 KB with 413 and logs nothing", async () => {
    const huge = { "csp-report": { ...report["csp-report"], "script-sample": "x".repeat(17 * 1024) } };
    const response = await site.request("/api/csp-report", {
      method: "POST",
      headers: { "content-type": "application/csp-report" },
      body: JSON.stringify(huge),
    });
    expect(response.status).toBe(413);
    expect(warnings).toEqual([]);
  });

  it("accepts reports from a browser without a same-site Origin (they are sent on their own)", async () => {
    const response = await site.request("/api/csp-report", {
      method: "POST",
      headers: { "content-type": "application/csp-report", origin: "null" },
      body: JSON.stringify(report),
    });
    expect(response.status).toBe(204);
    expect(warnings).toHaveLength(1);
  });
});

describe("/.well-known/security.txt", () => {
  it("names the support address as the contact, with an Expires date within a year (RFC 9116)", async () => {
    const response = await site.request("/.well-known/security.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const fields = new Map(
      (await response.text())
        .split("\n")
        .filter(Boolean)
        .map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trim()] as const),
    );
    expect(fields.get("Contact")).toBe(`mailto:${site.runtime.env.SUPPORT_EMAIL}`);
    expect(fields.get("Canonical")).toBe(`${site.runtime.env.PUBLIC_URL}/.well-known/security.txt`);
    const expires = Date.parse(fields.get("Expires") ?? "");
    expect(expires).toBeGreaterThan(Date.now());
    expect(expires).toBeLessThan(Date.now() + 366 * 24 * 60 * 60 * 1000);
  });
});
