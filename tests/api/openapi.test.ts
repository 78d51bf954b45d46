import fs from "node:fs";
import path from "node:path";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestSite, type TestSite } from "#tests/support/app-server.ts";

/**
 * The OpenAPI document of /api/v1: lint-clean under Redocly's recommended rules (warnings included), and the very
 * document the typed client of the tests was generated from (a stale tests/api/generated/ fails here, not silently).
 */
let site: TestSite;
let served: string;

beforeAll(async () => {
  site = await startTestSite();
  const response = await site.request("/api/v1/openapi.json");
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  served = await response.text();
}, 120_000);
afterAll(() => site?.close());

describe("/api/v1/openapi.json", () => {
  it("is an OpenAPI 3.1 document that passes Redocly's recommended lint with no problem at all, warnings included", async () => {
    const document = JSON.parse(served) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths).length).toBeGreaterThan(5);
    // One rule off: a public read without parameters (the languages, the settings) has no client error to describe.
    const config = await createConfig({ extends: ["recommended"], rules: { "operation-4xx-response": "off" } });
    const problems = await lintFromString({ source: served, absoluteRef: "openapi.json", config });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ""}`)).toEqual([]);
  });

  it("is the document the tests' typed client was generated from", () => {
    const generated = fs.readFileSync(path.resolve(import.meta.dirname, "generated/openapi.json"), "utf8");
    expect(JSON.parse(generated)).toEqual(JSON.parse(served));
  });
});
