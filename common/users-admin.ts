import type { ToastMessage } from "#common/toast.ts";

/** The Users tab's texts (SPEC §2, §5, §8), word for word; browser-safe, shared by the route and its tests. */
export const usersText = {
  alert: "Admin users have full access to all settings and data management features. Be careful when granting admin privileges.",
  refreshed: { type: "success", title: "User list refreshed" },
  removed: { type: "success", title: "Admin privileges removed" },
  selfGranted: { type: "success", title: "You have been granted admin privileges! Please refresh the page to see the changes." },
  emptyEmail: "Please enter an email address",
} as const satisfies Record<string, ToastMessage | string>;

/** How a role change came about: the Users tab, Make Myself Admin, the operator's CLI, or the owner's sign-in. */
export type RoleChangeVia = "admin" | "self" | "cli" | "owner";

export interface UserRow {
  id: string;
  email: string;
  name: string;
  isAdmin: boolean;
  emailConfirmed: boolean;
  createdAt: string;
}

export interface AuditEntry {
  id: string;
  action: "grant" | "remove";
  role: string;
  targetEmail: string;
  actorEmail: string | null;
  via: RoleChangeVia;
  createdAt: string;
}

/** One account's facts for the Details dialog: dates, progress counts, and every role change made to it. */
export interface UserDetails extends UserRow {
  lastSignInAt: string | null;
  completedLessons: number;
  languagesStarted: number;
  favorites: number;
  audit: AuditEntry[];
}

/** What the Users tab's actions answer: which form, whether it worked, and a message for its field. */
export type UsersActionData = { intent: string; ok: boolean; fieldError?: string };

export const grantedText = (email: string): ToastMessage => ({ type: "success", title: `User ${email} has been granted admin privileges` });

export const failureText = {
  update: (message: string): ToastMessage => ({ type: "error", title: `Failed to update user: ${message}` }),
  remove: (message: string): ToastMessage => ({ type: "error", title: `Failed to remove admin: ${message}` }),
  add: (message: string): ToastMessage => ({ type: "error", title: `Failed to add admin: ${message}` }),
};

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });
const dateTimeFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** Dates in UTC with a fixed locale, so the server's HTML and the hydrated page agree. */
export function formatDate(iso: string) {
  return dateFormat.format(new Date(iso));
}

export function formatDateTime(iso: string) {
  return `${dateTimeFormat.format(new Date(iso))} UTC`;
}

/** How an audit entry names who made the change. */
export function auditActor(entry: { actorEmail: string | null; via: string }) {
  if (entry.actorEmail) return entry.via === "self" ? `${entry.actorEmail} (themselves)` : entry.actorEmail;
  return entry.via === "owner" ? "Automatic (owner email)" : "Command line (operator)";
}
