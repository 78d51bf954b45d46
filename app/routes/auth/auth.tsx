import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { LoaderCircle, LogIn, MailCheck, ShieldAlert, UserPlus } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import { Link } from "#app/lib/page-router.tsx";
import { AuthShell } from "#app/components/auth-shell.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FormField, FormNotice, inputClasses } from "#app/components/ui/form-field.tsx";
import { PASSWORD_MIN } from "#common/account-limits.ts";
import { registerSchema, signInSchema } from "#common/account-schema.ts";
import { useDeferredValidation } from "#app/lib/forms/deferred-validation.ts";
import { cn } from "#app/lib/cn.ts";
import { retryAfterHeaders } from "#app/lib/http-headers.ts";
import { seo } from "#app/lib/seo.ts";
import { authText, errorTitles } from "#common/toast.ts";
import { useRootData } from "#app/lib/root-data.ts";
import { getSessionUser, homeFor, redirectWithMessage, toastHeaders } from "#server/auth/session.server.ts";
import { register, signIn } from "#server/auth/sign-in.server.ts";
import { getRequestInfo, getRuntime } from "#server/context.server.ts";
import { sameSitePath } from "#server/http/same-site-path.server.ts";
import type { Route } from "./+types/auth";

type Tab = "sign-in" | "register";

function tabOf(url: URL): Tab {
  return url.searchParams.get("tab") === "register" ? "register" : "sign-in";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = sameSitePath(url.searchParams.get("redirectTo"), "");
  // Signed-in users are sent on: back where they came from, else admins to /admin and others to /profile.
  if (await getSessionUser(request, context)) throw redirect(redirectTo || (await homeFor(request, context)));
  return { tab: tabOf(url), redirectTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const runtime = getRuntime(context);
  const { clientIp } = getRequestInfo(context);
  const formData = await request.formData();
  const intent = formData.get("intent") === "register" ? "register" : "sign-in";

  if (intent === "sign-in") {
    const submission = parseWithZod(formData, { schema: signInSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply({ hideFields: ["password"] }), registered: null }, { status: 400 });
    // Settled before the session exists, so a session is never created without the redirect that carries its cookie.
    const requested = sameSitePath(formData.get("redirectTo"), "");
    const outcome = await signIn(runtime, request, clientIp, submission.value);
    if (!outcome.ok) {
      // Shown once, above the form (SignInForm): not also as a toast, which would outlive a switch to Register.
      return data(
        { intent, result: submission.reply({ formErrors: [outcome.message], hideFields: ["password"] }), registered: null },
        { status: outcome.status, headers: retryAfter(outcome.retryAfterSeconds) },
      );
    }
    const to = requested || (outcome.isAdmin ? "/admin" : "/profile");
    const messages = outcome.promoted ? [authText.welcomeBack, authText.ownerPromoted] : [authText.welcomeBack];
    return redirectWithMessage(context, to, messages, outcome.headers);
  }

  const submission = parseWithZod(formData, { schema: registerSchema });
  if (submission.status !== "success") return data({ intent, result: submission.reply({ hideFields: ["password"] }), registered: null }, { status: 400 });
  const outcome = await register(runtime, request, clientIp, submission.value);
  if (!outcome.ok) {
    return data(
      { intent, result: submission.reply({ formErrors: [outcome.message], hideFields: ["password"] }), registered: null },
      { status: outcome.status, headers: retryAfter(outcome.retryAfterSeconds) },
    );
  }
  return data(
    { intent, result: submission.reply({ resetForm: true }), registered: submission.value.email },
    { headers: toastHeaders(context, authText.signUpSuccessful) },
  );
}

function retryAfter(seconds: number | undefined): HeadersInit {
  return seconds ? { "Retry-After": String(seconds) } : {};
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Sign In",
    description: "Sign in or create an account to track your progress and save your favorite phrases.",
    path: "/auth",
    noindex: true,
  });

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const { chrome, siteName } = useRootData();
  const tab = actionData?.intent ?? loaderData.tab;
  if (actionData?.registered) {
    return (
      <AuthShell logo={chrome.logo} siteName={siteName} title="Check your email">
        <div className="flex flex-col items-center gap-4 text-center">
          <MailCheck className="size-12 text-brand-700" aria-hidden />
          <p className="text-ink">
            We sent a confirmation link to <strong className="break-all">{actionData.registered}</strong>. Follow it to confirm
            your account, then sign in.
          </p>
          <p className="text-sm text-muted">No mail? Look in your spam folder, or sign in to get a new link.</p>
          <Button asChild variant="outline">
            <Link to="/auth">Back to Sign In</Link>
          </Button>
        </div>
      </AuthShell>
    );
  }
  return (
    <AuthShell
      logo={chrome.logo}
      siteName={siteName}
      title={tab === "register" ? "Create an account" : "Welcome back"}
      description={tab === "register" ? "Register with your email address." : `Sign in to your ${siteName} account.`}
    >
      <nav aria-label="Sign in or register" className="mb-6 grid grid-cols-2 rounded-full bg-brand-50 p-1">
        {(
          [
            ["sign-in", "Sign In"],
            ["register", "Register"],
          ] as const
        ).map(([value, label]) => (
          <Link
            key={value}
            to={value === "register" ? withParams("register", loaderData.redirectTo) : withParams("sign-in", loaderData.redirectTo)}
            replace
            preventScrollReset
            aria-current={tab === value ? "page" : undefined}
            className={cn(
              "flex min-h-11 items-center justify-center rounded-full text-sm font-semibold transition-colors",
              tab === value ? "bg-white text-brand-800 shadow-sm" : "text-muted hover:text-ink",
            )}
          >
            {label}
          </Link>
        ))}
      </nav>
      {tab === "register" ? (
        <RegisterForm lastResult={actionData?.intent === "register" ? actionData.result : undefined} />
      ) : (
        <SignInForm
          redirectTo={loaderData.redirectTo}
          lastResult={actionData?.intent === "sign-in" ? actionData.result : undefined}
        />
      )}
    </AuthShell>
  );
}

function withParams(tab: Tab, redirectTo: string) {
  const params = new URLSearchParams();
  if (tab === "register") params.set("tab", "register");
  if (redirectTo) params.set("redirectTo", redirectTo);
  const query = params.toString();
  return `/auth${query ? `?${query}` : ""}`;
}

type LastResult = SubmissionResult<string[]> | null | undefined;

function useSubmitting(intent: Tab) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

function SignInForm({ redirectTo, lastResult }: { redirectTo: string; lastResult: LastResult }) {
  const submitting = useSubmitting("sign-in");
  const validation = useDeferredValidation(() => import("#common/account-schema.ts").then((m) => m.signInSchema), { shouldValidate: "onSubmit", shouldRevalidate: "onInput" });
  const [form, fields] = useForm({
    id: "sign-in-form",
    lastResult,
    constraint: { email: { required: true }, password: { required: true } },
    ...validation.options,
  });
  return (
    <Form method="post" {...getFormProps(form)} {...validation.formProps} className="space-y-5">
      <input type="hidden" name="intent" value="sign-in" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      {form.errors?.length ? <FormNotice tone="error" title={errorTitles.signIn}>{form.errors[0]}</FormNotice> : null}
      <FormField field={fields.email} label="Email">
        <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" spellCheck={false} className={inputClasses} />
      </FormField>
      <FormField field={fields.password} label="Password">
        <input {...getInputProps(fields.password, { type: "password" })} autoComplete="current-password" className={inputClasses} />
      </FormField>
      <div className="flex justify-end">
        <Link to="/auth/forgot-password" className="text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
          Forgot your password?
        </Link>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={submitting}>
        {submitting ? <LoaderCircle className="animate-spin" aria-hidden /> : <LogIn aria-hidden />}
        {submitting ? "Signing in..." : "Sign In"}
      </Button>
    </Form>
  );
}

function RegisterForm({ lastResult }: { lastResult: LastResult }) {
  const submitting = useSubmitting("register");
  const validation = useDeferredValidation(() => import("#common/account-schema.ts").then((m) => m.registerSchema), { shouldValidate: "onSubmit", shouldRevalidate: "onInput" });
  const [form, fields] = useForm({
    id: "register-form",
    lastResult,
    constraint: { email: { required: true }, password: { required: true } },
    ...validation.options,
  });
  return (
    <Form method="post" {...getFormProps(form)} {...validation.formProps} className="space-y-5">
      <input type="hidden" name="intent" value="register" />
      {form.errors?.length ? <FormNotice tone="error" title={errorTitles.signUp}>{form.errors[0]}</FormNotice> : null}
      <FormField field={fields.email} label="Email">
        <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" spellCheck={false} className={inputClasses} />
      </FormField>
      <FormField field={fields.password} label="Password" hint={`Password must be at least ${PASSWORD_MIN} characters.`}>
        <input
          {...getInputProps(fields.password, { type: "password", ariaDescribedBy: fields.password.descriptionId })}
          autoComplete="new-password"
          className={inputClasses}
        />
      </FormField>
      <div className="flex gap-3 rounded-xl border border-accent-200 bg-accent-50 p-4 text-sm text-accent-700">
        <ShieldAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
        <p>
          Registering does not make you an administrator. After registering, admin privileges have to be granted in the
          admin panel by an administrator.
        </p>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={submitting}>
        {submitting ? <LoaderCircle className="animate-spin" aria-hidden /> : <UserPlus aria-hidden />}
        {submitting ? "Registering..." : "Register"}
      </Button>
    </Form>
  );
}
