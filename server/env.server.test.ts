import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadEnv } from "#server/env.server.ts";

describe("loadEnv", () => {
  it("has working defaults for a zero-configuration start", () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ PORT: 3000, HOST: "0.0.0.0", SITE_NAME: "Phrasewise", SEED_DEMO: true });
    expect(env.DATA_DIR).toBe(path.resolve("./data"));
    expect(env.PUBLIC_URL).toBe("http://localhost:3000");
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("reads the documented variables", () => {
    const env = loadEnv({
      PORT: "3123",
      DATA_DIR: "/tmp/x",
      DATABASE_URL: "postgresql://u@db:5432/app",
      PUBLIC_URL: "https://learn.example/",
      SEED_DEMO: "false",
      SITE_NAME: "Lingo School",
    });
    expect(env).toMatchObject({ PORT: 3123, DATA_DIR: "/tmp/x", SEED_DEMO: false, SITE_NAME: "Lingo School" });
    expect(env.PUBLIC_URL).toBe("https://learn.example");
  });

  it("reads the app's web view origins as a lower-case list, none by default", () => {
    expect(loadEnv({}).APP_ORIGINS).toEqual([]);
    expect(loadEnv({ APP_ORIGINS: " Phrasewise:// , capacitor://localhost,https://app.example/" }).APP_ORIGINS).toEqual([
      "phrasewise://",
      "capacitor://localhost",
      "https://app.example",
    ]);
  });

  it("sizes the embedded database's shared buffers: 16 MB by default, 8 to 4096 MB when set", () => {
    expect(loadEnv({}).EMBEDDED_DB_BUFFER_MB).toBe(16);
    expect(loadEnv({ EMBEDDED_DB_BUFFER_MB: "64" }).EMBEDDED_DB_BUFFER_MB).toBe(64);
    expect(() => loadEnv({ EMBEDDED_DB_BUFFER_MB: "4" })).toThrow(ConfigError);
    expect(() => loadEnv({ EMBEDDED_DB_BUFFER_MB: "lots" })).toThrow(/EMBEDDED_DB_BUFFER_MB/);
  });

  it("treats empty values as unset", () => {
    const env = loadEnv({ PORT: "", DATABASE_URL: "" });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: "abc" }, "Invalid configuration: PORT must be a port number"],
    [{ PORT: "70000" }, "Invalid configuration: PORT"],
    [{ DATABASE_URL: "mysql://x" }, "Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL"],
    [{ SEED_DEMO: "maybe" }, "Invalid configuration: SEED_DEMO must be true or false"],
    [{ PUBLIC_URL: "not a url" }, "Invalid configuration: PUBLIC_URL must be an absolute URL"],
    [{ APP_ORIGINS: "*" }, "Invalid configuration: APP_ORIGINS.0 must list origins such as phrasewise://"],
    [{ APP_ORIGINS: "phrasewise://,https://app.example/path" }, "Invalid configuration: APP_ORIGINS.1 must list origins"],
  ])("refuses %o with one line naming the variable", (source, message) => {
    expect(() => loadEnv(source)).toThrow(ConfigError);
    try {
      loadEnv(source);
    } catch (error) {
      expect((error as Error).message).toContain(message);
      expect((error as Error).message).not.toContain("\n");
    }
  });
});
