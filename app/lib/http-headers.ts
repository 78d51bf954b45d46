/** A route's `headers` export: passes an action's Retry-After (a rate-limited attempt) on to the document answer. */
export function retryAfterHeaders({ actionHeaders }: { actionHeaders: Headers }): HeadersInit {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}
