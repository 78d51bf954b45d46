import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { KeyRound, LoaderCircle } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { Link } from "#app/lib/page-router.tsx";
import { AuthShell } from "#app/components/auth-shell.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FormField, FormNotice, inputClasses } from "#app/components/ui/form-field.tsx";
import { PASSWORD_MIN } from "#common/account-limits.ts";
import { resetPasswordSchema } from "#common/account-schema.ts";
import { useDeferredValidation } from "#app/lib/forms/deferred-validation.ts";
import { retryAfterHeaders } from "#app/lib/http-headers.ts";
import { seo } from "#app/lib/seo.ts";
import { useRootData } from "#app/lib/root-data.ts";
import { redirectWithMessage } from "#server/auth/session.server.ts";
import { resetPassword } from "#server/auth/sign-in.server.ts";
import { getRequestInfo, getRuntime } from "#server/context.server.ts";
import type { Route } from "./+types/reset-password";

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: resetPasswordSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password", "confirm"] }) }, { status: 400 });
  }
  const outcome = await resetPassword(getRuntime(context), request, getRequestInfo(context).clientIp, submission.value);
  if (!outcome.ok) {
    return data(
      { result: submission.reply({ formErrors: [outcome.message], hideFields: ["password", "confirm"] }) },
      { status: outcome.status, headers: outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : undefined },
    );
  }
  // Every session of this user has ended (revokeSessionsOnPasswordReset): they sign in again with the new password.
  return redirectWithMessage(context, "/auth", { type: "success", title: "Password updated", description: "Sign in with your new password." });
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Choose a New Password", description: "Set a new password for your account.", path: "/auth/reset-password", noindex: true });

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { chrome, siteName } = useRootData();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const validation = useDeferredValidation(() => import("#common/account-schema.ts").then((m) => m.resetPasswordSchema), { shouldValidate: "onBlur", shouldRevalidate: "onInput" });
  const [form, fields] = useForm({
    id: "reset-password-form",
    lastResult: actionData?.result,
    defaultValue: { token: loaderData.token },
    constraint: { password: { required: true, minLength: PASSWORD_MIN }, confirm: { required: true } },
    ...validation.options,
  });
  if (!loaderData.token) {
    return (
      <AuthShell logo={chrome.logo} siteName={siteName} title="Choose a new password">
        <FormNotice tone="error" title="This reset link is invalid or has expired.">
          <Link to="/auth/forgot-password" className="font-semibold underline underline-offset-2">
            Request a new link
          </Link>
        </FormNotice>
      </AuthShell>
    );
  }
  return (
    <AuthShell logo={chrome.logo} siteName={siteName} title="Choose a new password" description="Setting it signs you out on every device.">
      <Form method="post" {...getFormProps(form)} {...validation.formProps} className="space-y-5">
        <input {...getInputProps(fields.token, { type: "hidden" })} />
        {form.errors?.length || fields.token.errors?.length ? (
          <FormNotice tone="error" title={form.errors?.[0] ?? fields.token.errors?.[0] ?? ""}>
            <Link to="/auth/forgot-password" className="font-semibold underline underline-offset-2">
              Request a new link
            </Link>
          </FormNotice>
        ) : null}
        <FormField field={fields.password} label="New password" hint={`At least ${PASSWORD_MIN} characters.`}>
          <input
            {...getInputProps(fields.password, { type: "password", ariaDescribedBy: fields.password.descriptionId })}
            autoComplete="new-password"
            className={inputClasses}
          />
        </FormField>
        <FormField field={fields.confirm} label="Repeat the new password">
          <input {...getInputProps(fields.confirm, { type: "password" })} autoComplete="new-password" className={inputClasses} />
        </FormField>
        <Button type="submit" size="lg" className="w-full" disabled={submitting}>
          {submitting ? <LoaderCircle className="animate-spin" aria-hidden /> : <KeyRound aria-hidden />}
          Set New Password
        </Button>
      </Form>
    </AuthShell>
  );
}
