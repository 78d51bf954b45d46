import { z } from "zod";
import { endpoint } from "#server/api/endpoint.server.ts";

/** The signed-in account itself. */

export const accountSchema = z
  .object({
    id: z.string(),
    email: z.email(),
    username: z.string(),
    isAdmin: z.boolean(),
  })
  .meta({ id: "Account" });

export const meEndpoint = endpoint({
  method: "get",
  path: "/me",
  operationId: "getMe",
  summary: "Who am I",
  description: "The account of this token or session.",
  tag: "Accounts",
  access: "learner",
  response: { status: 200, description: "The caller's account.", schema: accountSchema },
  async handler({ caller }) {
    return { body: { id: caller!.userId, email: caller!.email, username: caller!.name, isAdmin: caller!.isAdmin } };
  },
});
