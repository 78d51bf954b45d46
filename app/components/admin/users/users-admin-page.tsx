import { Info, LoaderCircle, RefreshCw, Search, ShieldCheck, ShieldMinus, ShieldPlus, UserRound, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher, useLocation, useNavigate, useNavigation, useRevalidator } from "react-router";
import { Pager } from "#app/components/ui/pager.tsx";
import { notify } from "#app/components/toaster.tsx";
import { Button, buttonClasses } from "#app/components/ui/button.tsx";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { DialogBody, ModalDialog } from "#app/components/ui/dialog.tsx";
import { inputClasses } from "#app/components/ui/form-field.tsx";
import { cn } from "#app/lib/cn.ts";
import { useSearchHref } from "#app/lib/use-search-href.ts";
import { auditActor, formatDate, formatDateTime, usersText, type UsersActionData } from "#common/users-admin.ts";
import type { AuditEntry, UserDetails, UserRow } from "#common/users-admin.ts";

interface Props {
  me: { id: string; email: string };
  list: { users: UserRow[]; total: number; matches: number; page: number; pages: number; pageSize: number; search: string };
  audit: AuditEntry[];
  details: UserDetails | null;
  detailsMissing: boolean;
}

const card = "rounded-[var(--radius-card)] border border-brand-100 bg-white shadow-[var(--shadow-card)]";

/** The Users tab (SPEC §2 "User Management" and "Admin Management"), with the audit log of role changes. */
export function UsersAdminPage({ me, list, audit, details, detailsMissing }: Props) {
  return (
    <div className="space-y-10">
      <UserManagement me={me} list={list} />
      <AdminManagement />
      <AuditLog entries={audit} />
      <DetailsDialog details={details} missing={detailsMissing} />
    </div>
  );
}

function UserManagement({ me, list }: Pick<Props, "me" | "list">) {
  const revalidator = useRevalidator();
  const href = useSearchHref();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/admin/users";
  const first = (list.page - 1) * list.pageSize + 1;
  const last = first + list.users.length - 1;
  return (
    <section aria-labelledby="users-title" className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="users-title" className="text-3xl font-extrabold text-ink">
            User Management
          </h1>
          <p className="mt-1 text-muted">Everyone who has registered, and who holds admin privileges.</p>
        </div>
        <Button
          type="button"
          variant="outline"
          disabled={revalidator.state !== "idle"}
          // The promise settles when the reload has finished, whatever re-rendered meanwhile.
          onClick={() => void revalidator.revalidate().then(() => notify(usersText.refreshed))}
        >
          <RefreshCw className={cn(revalidator.state !== "idle" && "animate-spin")} aria-hidden />
          Refresh
        </Button>
      </div>

      <Form method="get" role="search" aria-label="Users" className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 sm:max-w-md">
          <label htmlFor="user-search" className="mb-1.5 block text-sm font-semibold text-ink">
            Search by email
          </label>
          <input
            id="user-search"
            name="q"
            type="search"
            defaultValue={list.search}
            key={list.search}
            placeholder="name@example.com"
            autoComplete="off"
            className={inputClasses}
          />
        </div>
        <Button type="submit" className="min-h-12">
          {searching ? <LoaderCircle className="animate-spin" aria-hidden /> : <Search aria-hidden />}
          Search
        </Button>
        {list.search ? (
          <Link to={href({ q: null, page: null })} className={cn(buttonClasses("ghost"), "min-h-12")}>
            <X aria-hidden />
            Clear
          </Link>
        ) : null}
      </Form>

      <div className={cn(card, "overflow-hidden")}>
        <p className="border-b border-brand-100 px-4 py-3 text-sm text-muted sm:px-5" aria-live="polite">
          {list.search
            ? `${list.matches} ${list.matches === 1 ? "user matches" : "users match"} “${list.search}”.`
            : list.matches > 0
              ? `Showing ${first}–${last} of ${list.matches}.`
              : null}
        </p>
        {list.users.length === 0 ? (
          <p className="px-5 py-10 text-center text-muted">{list.search ? "No user's email contains that text." : "No users yet."}</p>
        ) : (
          <>
            <table className="hidden w-full text-left text-sm lg:table">
              <caption className="caption-bottom px-5 py-3 text-left text-sm font-semibold text-ink">Total users: {list.total}</caption>
              <thead className="bg-brand-50/70 text-xs tracking-wide text-muted uppercase">
                <tr>
                  {["Email", "Name", "Admin", "Verification", "Email Confirmed", "Joined", "Actions"].map((label) => (
                    <th key={label} scope="col" className={cn("px-4 py-3 font-semibold", label === "Actions" && "text-right")}>
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-brand-100">
                {list.users.map((user) => (
                  <tr key={user.id} className="align-middle">
                    <td className="max-w-[16rem] truncate px-4 py-3 font-medium text-ink" title={user.email}>
                      {user.email}
                    </td>
                    <td className="max-w-[10rem] truncate px-4 py-3">{user.name}</td>
                    <td className="px-4 py-3">
                      <RoleBadge admin={user.isAdmin} />
                    </td>
                    <td className="px-4 py-3">
                      <VerificationBadge confirmed={user.emailConfirmed} />
                    </td>
                    <td className="px-4 py-3">{user.emailConfirmed ? "Yes" : "No"}</td>
                    <td className="px-4 py-3 whitespace-nowrap">{formatDate(user.createdAt)}</td>
                    <td className="px-4 py-3">
                      <RowActions user={user} me={me} detailsHref={href({ user: user.id })} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {/* Phones and tablets: one card per user, the same facts and actions, no sideways scrolling. */}
            <ul className="divide-y divide-brand-100 lg:hidden" aria-label="Users">
              {list.users.map((user) => (
                <li key={user.id} className="space-y-3 p-4">
                  <div className="min-w-0">
                    <p className="truncate font-semibold text-ink">{user.email}</p>
                    <p className="truncate text-sm text-muted">{user.name}</p>
                  </div>
                  <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
                    <div>
                      <dt className="text-xs font-semibold text-muted uppercase">Admin</dt>
                      <dd className="mt-0.5">
                        <RoleBadge admin={user.isAdmin} />
                      </dd>
                    </div>
                    <div>
                      <dt className="text-xs font-semibold text-muted uppercase">Verification</dt>
                      <dd className="mt-0.5">
                        <VerificationBadge confirmed={user.emailConfirmed} />
                      </dd>
                    </div>
                    <div>
                      <dt className="text-xs font-semibold text-muted uppercase">Email Confirmed</dt>
                      <dd>{user.emailConfirmed ? "Yes" : "No"}</dd>
                    </div>
                    <div>
                      <dt className="text-xs font-semibold text-muted uppercase">Joined</dt>
                      <dd>{formatDate(user.createdAt)}</dd>
                    </div>
                  </dl>
                  <RowActions user={user} me={me} detailsHref={href({ user: user.id })} />
                </li>
              ))}
            </ul>
            <p className="border-t border-brand-100 px-4 py-3 text-sm font-semibold text-ink lg:hidden">
              Total users: {list.total}
            </p>
          </>
        )}
      </div>

      <Pager label="Pages of users" page={list.page} pages={list.pages} preventScrollReset />
    </section>
  );
}

function RoleBadge({ admin }: { admin: boolean }) {
  return admin ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-bold text-brand-800">
      <ShieldCheck className="size-3.5" aria-hidden />
      Admin
    </span>
  ) : (
    <span className="inline-flex items-center rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">User</span>
  );
}

function VerificationBadge({ confirmed }: { confirmed: boolean }) {
  return confirmed ? (
    <span className="inline-flex rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800">Verified</span>
  ) : (
    <span className="inline-flex rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900">Unverified</span>
  );
}

function RowActions({ user, me, detailsHref }: { user: UserRow; me: Props["me"]; detailsHref: string }) {
  const fetcher = useFetcher<UsersActionData>();
  const busy = fetcher.state !== "idle";
  const self = user.id === me.id;
  const change = (intent: "make-admin" | "remove-admin", fields: Record<string, string> = {}) =>
    fetcher.submit({ intent, userId: user.id, ...fields }, { method: "post" });
  const icon = (Icon: typeof ShieldPlus) => (busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <Icon aria-hidden />);
  return (
    <div className="flex flex-wrap items-center gap-2 lg:justify-end">
      <Link to={detailsHref} preventScrollReset className={buttonClasses("ghost", "sm")} aria-label={`Details of ${user.email}`}>
        <UserRound aria-hidden />
        Details
      </Link>
      {user.isAdmin ? (
        <ConfirmDialog
          trigger={
            <Button type="button" variant="outline" size="sm" disabled={busy} aria-label={`Remove Admin: ${self ? "your own account" : user.email}`}>
              {icon(ShieldMinus)}
              Remove Admin
            </Button>
          }
          {...(self ? roleConfirmText.removeOwn : roleConfirmText.remove(user.email))}
          confirmIcon={<ShieldMinus aria-hidden />}
          onConfirm={() => change("remove-admin", self ? { confirmSelf: "yes" } : {})}
        />
      ) : (
        <ConfirmDialog
          trigger={
            <Button type="button" size="sm" disabled={busy} aria-label={`Make Admin: ${user.email}`}>
              {icon(ShieldPlus)}
              Make Admin
            </Button>
          }
          {...roleConfirmText.grant(user.email)}
          tone="primary"
          confirmIcon={<ShieldPlus aria-hidden />}
          onConfirm={() => change("make-admin")}
        />
      )}
    </div>
  );
}

/**
 * A change of someone's admin rights is asked first (issue 27, point 7): granting opens every setting and all the
 * site's data to them; removing your own role closes the admin area to you at once.
 */
const roleConfirmText = {
  grant: (email: string) => ({
    title: `Make ${email} an admin?`,
    description: "They get full access to all settings and data management features on their next request.",
    confirmLabel: "Make Admin",
  }),
  remove: (email: string) => ({
    title: `Remove admin privileges from ${email}?`,
    description: "They lose access to the admin area on their next request. You can make them an admin again later.",
    confirmLabel: "Remove Admin",
  }),
  removeOwn: {
    title: "Remove your own admin role?",
    description: "You will lose access to the admin area as soon as it is removed. Another administrator would have to grant it back.",
    confirmLabel: "Remove my admin role",
  },
};

function AdminManagement() {
  return (
    <section aria-labelledby="admin-management-title" className="space-y-5">
      <h2 id="admin-management-title" className="text-2xl font-extrabold text-ink">
        Admin Management
      </h2>
      <div role="note" className="flex items-start gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4 text-brand-900">
        <Info className="mt-0.5 size-5 shrink-0" aria-hidden />
        <p>{usersText.alert}</p>
      </div>
      <div className="grid gap-5 lg:grid-cols-2">
        <MakeMyselfAdmin />
        <GrantByEmail />
      </div>
    </section>
  );
}

function MakeMyselfAdmin() {
  const fetcher = useFetcher<UsersActionData>();
  const busy = fetcher.state !== "idle";
  return (
    <section aria-labelledby="make-myself-title" className={cn(card, "p-5 sm:p-6")}>
      <h3 id="make-myself-title" className="text-lg font-bold text-ink">
        Make Myself Admin
      </h3>
      <p className="mt-1 text-sm text-muted">Grant admin privileges to the account you are signed in with.</p>
      <fetcher.Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="make-myself-admin" />
        <Button type="submit" disabled={busy}>
          {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <ShieldCheck aria-hidden />}
          Make Myself Admin
        </Button>
      </fetcher.Form>
    </section>
  );
}

function GrantByEmail() {
  const fetcher = useFetcher<UsersActionData>();
  const busy = fetcher.state !== "idle";
  const form = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  // The address asked about: an empty one goes straight to the server, which answers with the spec's message.
  const [asking, setAsking] = useState<string | null>(null);
  const result = fetcher.data;
  const error = result?.intent === "grant-by-email" ? result.fieldError : undefined;
  useEffect(() => {
    if (fetcher.state === "idle" && result?.intent === "grant-by-email" && result.ok) form.current?.reset();
  }, [fetcher.state, result]);
  return (
    <section aria-labelledby="grant-title" className={cn(card, "p-5 sm:p-6")}>
      <h3 id="grant-title" className="text-lg font-bold text-ink">
        Add Admin by Email
      </h3>
      <p className="mt-1 text-sm text-muted">The address must belong to an account that has already registered.</p>
      <fetcher.Form
        ref={form}
        method="post"
        noValidate
        className="mt-4 flex flex-wrap items-start gap-2"
        onSubmit={(event) => {
          const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
          if (!email) return;
          event.preventDefault();
          setAsking(email);
        }}
      >
        <input type="hidden" name="intent" value="grant-by-email" />
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor="grant-email" className="sr-only">
            Email address
          </label>
          <input
            ref={input}
            id="grant-email"
            name="email"
            type="email"
            placeholder="user@example.com"
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "grant-email-error" : undefined}
            className={inputClasses}
          />
          {error ? (
            <p id="grant-email-error" className="mt-1.5 text-sm font-medium text-red-700">
              {error}
            </p>
          ) : null}
        </div>
        <Button type="submit" className="min-h-12" disabled={busy}>
          {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <ShieldPlus aria-hidden />}
          Add Admin
        </Button>
      </fetcher.Form>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        returnFocusTo={input}
        {...roleConfirmText.grant(asking ?? "")}
        tone="primary"
        confirmIcon={<ShieldPlus aria-hidden />}
        onConfirm={() => fetcher.submit(form.current, { method: "post" })}
      />
    </section>
  );
}

const actionLabel = { grant: "Admin granted", remove: "Admin removed" } as const;

function AuditLog({ entries }: { entries: AuditEntry[] }) {
  return (
    <section aria-labelledby="audit-title" className="space-y-4">
      <div>
        <h2 id="audit-title" className="text-2xl font-extrabold text-ink">
          Admin Role Changes
        </h2>
        <p className="mt-1 text-muted">Every grant and removal of admin privileges, newest first (the latest 20).</p>
      </div>
      {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it too. */}
      <div
        className={cn(card, "overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-600")}
        tabIndex={entries.length > 0 ? 0 : undefined}
        role={entries.length > 0 ? "group" : undefined}
        aria-labelledby={entries.length > 0 ? "audit-title" : undefined}
      >
        {entries.length === 0 ? (
          <p className="px-5 py-8 text-center text-muted">No admin privileges have been granted or removed yet.</p>
        ) : (
          <table className="w-full min-w-[36rem] text-left text-sm">
            <thead className="bg-brand-50/70 text-xs tracking-wide text-muted uppercase">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  When
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Action
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  User
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  By
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-brand-100">
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td className="px-4 py-3 whitespace-nowrap">{formatDateTime(entry.createdAt)}</td>
                  <td className="px-4 py-3">{actionLabel[entry.action]}</td>
                  <td className="px-4 py-3 break-all">{entry.targetEmail}</td>
                  <td className="px-4 py-3 break-all">{auditActor(entry)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}

function DetailsDialog({ details, missing }: { details: UserDetails | null; missing: boolean }) {
  const navigate = useNavigate();
  const location = useLocation();
  const close = () => {
    const params = new URLSearchParams(location.search);
    params.delete("user");
    const query = params.toString();
    void navigate(`${location.pathname}${query ? `?${query}` : ""}`, { replace: true, preventScrollReset: true });
  };
  return (
    <ModalDialog
      open={Boolean(details) || missing}
      onOpenChange={(open) => !open && close()}
      title="User Details"
      description={details ? details.email : "That user was not found. They may have been deleted."}
    >
      {details ? (
        <DialogBody>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
            <Fact label="Name" value={details.name} />
            <Fact label="Role" value={details.isAdmin ? "Admin" : "User"} />
            <Fact label="Created" value={formatDateTime(details.createdAt)} />
            <Fact label="Email confirmed" value={details.emailConfirmed ? "Yes" : "No"} />
            <Fact label="Last sign-in" value={details.lastSignInAt ? formatDateTime(details.lastSignInAt) : "No sign-in on record"} />
            <Fact label="Lessons completed" value={String(details.completedLessons)} />
            <Fact label="Languages with progress" value={String(details.languagesStarted)} />
            <Fact label="Favorite phrases" value={String(details.favorites)} />
          </dl>
          <h3 className="mt-6 text-base font-bold text-ink">Admin role history</h3>
          {details.audit.length === 0 ? (
            <p className="mt-2 text-sm text-muted">No admin privileges granted or removed.</p>
          ) : (
            <ul className="mt-2 divide-y divide-brand-100 text-sm" aria-label="Admin role history">
              {details.audit.map((entry) => (
                <li key={entry.id} className="py-2">
                  <p className="font-semibold text-ink">{actionLabel[entry.action]}</p>
                  <p className="text-muted">
                    {formatDateTime(entry.createdAt)} by {auditActor(entry)}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </DialogBody>
      ) : null}
    </ModalDialog>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-0.5 break-words text-ink">{value}</dd>
    </div>
  );
}
