import { STATUS_CODES } from "node:http";
import type { Response } from "express";
import { z } from "zod";

/**
 * Every refusal of /api/v1 is an RFC 9457 problem (`application/problem+json`): a status, a title, a detail a person
 * can read, and for a refused body the field errors, each naming its field by a JSON Pointer.
 */

export const fieldErrorSchema = z
  .object({
    pointer: z.string().meta({ description: "JSON Pointer to the field in the request body or query, e.g. `/email`.", example: "/email" }),
    detail: z.string().meta({ example: "Invalid email address" }),
  })
  .meta({ id: "FieldError" });

export const problemSchema = z
  .object({
    type: z.string().meta({ description: "A URI naming the kind of problem; `about:blank` when the status says it all." }),
    title: z.string().meta({ example: "Unprocessable Content" }),
    status: z.number().int().min(400).max(599),
    detail: z.string().optional(),
    errors: z.array(fieldErrorSchema).optional().meta({ description: "The fields of a refused request, each with its reason." }),
    retryAfter: z.number().int().positive().optional().meta({ description: "Seconds to wait before trying again (also in `Retry-After`)." }),
  })
  .meta({ id: "Problem", description: "An RFC 9457 problem document." });

export type Problem = z.infer<typeof problemSchema>;
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const PROBLEM_CONTENT_TYPE = "application/problem+json";

/** A refusal an endpoint throws; the router answers it as a problem document. */
export class ApiProblem extends Error {
  readonly status: number;
  readonly detail: string | undefined;
  readonly errors: FieldError[] | undefined;
  readonly retryAfter: number | undefined;
  readonly headers: Record<string, string>;

  constructor(status: number, detail?: string, extra: { errors?: FieldError[]; retryAfter?: number; headers?: Record<string, string> } = {}) {
    super(detail ?? STATUS_CODES[status] ?? "Error");
    this.status = status;
    this.detail = detail;
    this.errors = extra.errors;
    this.retryAfter = extra.retryAfter;
    this.headers = extra.headers ?? {};
  }

  toJSON(): Problem {
    return {
      type: "about:blank",
      title: STATUS_CODES[this.status] ?? "Error",
      status: this.status,
      ...(this.detail !== undefined ? { detail: this.detail } : {}),
      ...(this.errors ? { errors: this.errors } : {}),
      ...(this.retryAfter !== undefined ? { retryAfter: this.retryAfter } : {}),
    };
  }
}

/** The field errors of a zod refusal, under `prefix` ("" for a body, "/query" style is not used: each part is its own). */
export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.slice(0, 20).map((issue) => ({
    pointer: `/${issue.path.map((part) => String(part).replaceAll("~", "~0").replaceAll("/", "~1")).join("/")}`,
    detail: issue.message,
  }));
}

export function sendProblem(res: Response, problem: ApiProblem) {
  res.status(problem.status).set({ "Content-Type": PROBLEM_CONTENT_TYPE, "Cache-Control": "no-store", ...problem.headers });
  if (problem.retryAfter !== undefined) res.set("Retry-After", String(problem.retryAfter));
  if (problem.status === 401) res.set("WWW-Authenticate", 'Bearer realm="api"');
  res.send(JSON.stringify(problem.toJSON()));
}
