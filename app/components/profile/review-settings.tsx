import { getFormProps, getInputProps, getSelectProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Globe, LoaderCircle, Save } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { FieldError, FormField, inputClasses, pickerInputClasses } from "#app/components/ui/form-field.tsx";
import { useDeferredValidation } from "#app/lib/forms/deferred-validation.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { goalKindLabels, timeZoneName } from "#common/goal-display.ts";
import type { GoalKind, LearnerGoal } from "#common/review.ts";
import { cn } from "#app/lib/cn.ts";

/** The goal's limits (common/review.ts GOAL_TARGET_MIN and _MAX, which the server's schema enforces). */
const TARGET_MIN = 1;
const TARGET_MAX = 500;
const goalKinds: GoalKind[] = ["reviews", "lessons"];

export interface ReviewSettingsProps {
  goal: LearnerGoal;
  deckIncludesCompleted: boolean;
  timeZone: string;
  timeZoneKnown: boolean;
  /** Every zone this server knows (Intl.supportedValuesOf), for the select. */
  timeZones: string[];
  /** The last answer of the intent that made it, for the form that sent it. */
  lastResult: { intent: string; result: SubmissionResult<string[]> | null } | undefined;
}

/** The learner's goal, what their deck holds and their time zone, each form saved by its own intent. */
export function ReviewSettings(props: ReviewSettingsProps) {
  const { goal, deckIncludesCompleted, timeZone } = props;
  return (
    <section
      aria-labelledby="review-settings-title"
      className="rounded-[var(--radius-card)] border border-brand-100 bg-white p-5 shadow-[var(--shadow-card)] sm:p-7"
    >
      <h2 id="review-settings-title" className="text-xl font-bold text-ink">
        Goal Settings
      </h2>
      {/* Keyed by what is saved: a saved change starts the form again from the new values. */}
      <GoalForm key={`${goal.kind}-${goal.target}-${deckIncludesCompleted}`} {...props} />
      <TimeZoneForm key={timeZone} {...props} />
    </section>
  );
}

const resultOf = (props: ReviewSettingsProps, intent: string) =>
  props.lastResult?.intent === intent ? (props.lastResult.result ?? undefined) : undefined;

function useSaving(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

function GoalForm(props: ReviewSettingsProps) {
  const saving = useSaving("update-goal");
  const validation = useDeferredValidation(() => import("#common/goal-settings.ts").then((m) => m.goalSettingsSchema), { shouldValidate: "onBlur", shouldRevalidate: "onInput" });
  const [form, fields] = useForm({
    id: "goal-form",
    lastResult: resultOf(props, "update-goal"),
    defaultValue: { kind: props.goal.kind, target: String(props.goal.target), deckIncludesCompleted: props.deckIncludesCompleted ? "on" : undefined },
    constraint: { kind: { required: true }, target: { required: true, min: TARGET_MIN, max: TARGET_MAX } },
    ...validation.options,
  });
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} {...validation.formProps} className="mt-5 space-y-5">
      <input type="hidden" name="intent" value="update-goal" />
      <fieldset aria-describedby={fields.kind.errors?.length ? fields.kind.errorId : undefined}>
        <legend className="mb-1.5 text-sm font-semibold text-ink">Daily goal</legend>
        <div className="grid grid-cols-2 gap-2">
          {goalKinds.map((kind) => {
            const { key: _key, ...radio } = getInputProps(fields.kind, { type: "radio", value: kind });
            return (
              <label
                key={kind}
                className="flex min-h-12 cursor-pointer items-center gap-2 rounded-xl border border-[#9089a6] px-3 text-sm font-semibold text-ink has-checked:border-brand-700 has-checked:bg-brand-50"
              >
                <input {...radio} id={`${fields.kind.id}-${kind}`} className="size-4 accent-brand-700" />
                {goalKindLabels[kind]}
              </label>
            );
          })}
        </div>
        {fields.kind.errors?.length ? <FieldError id={fields.kind.errorId}>{fields.kind.errors[0]}</FieldError> : null}
      </fieldset>
      <FormField field={fields.target as unknown as FieldMetadata<string>} label="Target" hint={`A number from ${TARGET_MIN} to ${TARGET_MAX}.`}>
        <input {...getInputProps(fields.target, { type: "number" })} inputMode="numeric" className={cn(inputClasses, "max-w-40")} />
      </FormField>
      <div>
        <label className="flex cursor-pointer items-start gap-3 text-sm text-ink">
          <input
            {...getInputProps(fields.deckIncludesCompleted, { type: "checkbox" })}
            aria-describedby={`${fields.deckIncludesCompleted.id}-hint`}
            className="mt-0.5 size-5 shrink-0 accent-brand-700"
          />
          <span className="font-semibold">Also review every phrase of the lessons I complete</span>
        </label>
        <p id={`${fields.deckIncludesCompleted.id}-hint`} className="mt-1 ml-8 text-sm text-muted">
          Your favorite phrases are always in your reviews.
        </p>
      </div>
      <Button type="submit" className="w-full" disabled={saving}>
        {saving ? <LoaderCircle className="animate-spin" aria-hidden /> : <Save aria-hidden />}
        Save Goal
      </Button>
    </Form>
  );
}

function TimeZoneForm(props: ReviewSettingsProps) {
  const { timeZone, timeZoneKnown, timeZones } = props;
  const saving = useSaving("update-time-zone");
  const hydrated = useHydrated();
  const device = hydrated ? Intl.DateTimeFormat().resolvedOptions().timeZone : null;
  const validation = useDeferredValidation(() => import("#common/goal-settings.ts").then((m) => m.timeZoneFormSchema), { shouldValidate: "onBlur", shouldRevalidate: "onInput" });
  const [form, fields] = useForm({
    id: "time-zone-form",
    lastResult: resultOf(props, "update-time-zone"),
    defaultValue: { timeZone },
    constraint: { timeZone: { required: true } },
    ...validation.options,
  });
  const groups = new Map<string, string[]>();
  for (const zone of timeZones.includes(timeZone) ? timeZones : [...timeZones, timeZone].sort()) {
    const region = zone.includes("/") ? zone.slice(0, zone.indexOf("/")) : "Other";
    groups.set(region, [...(groups.get(region) ?? []), zone]);
  }
  return (
    <div className="mt-8 border-t border-brand-100 pt-6">
      <Form method="post" preventScrollReset {...getFormProps(form)} {...validation.formProps} className="space-y-5">
        <input type="hidden" name="intent" value="update-time-zone" />
        <FormField
          field={fields.timeZone}
          label="Time zone"
          hint={
            timeZoneKnown
              ? `Your days follow ${timeZoneName(timeZone)}. A new day starts at 4 AM.`
              : "Not set yet: your days follow UTC. A new day starts at 4 AM."
          }
        >
          {/* Not inputClasses: a select matches :read-only, which would grey it like a field that cannot change. */}
          <select {...getSelectProps(fields.timeZone)} className={cn(pickerInputClasses, "pr-10")}>
            {[...groups].map(([region, zones]) => (
              <optgroup key={region} label={region}>
                {zones.map((zone) => (
                  <option key={zone} value={zone}>
                    {timeZoneName(zone)}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </FormField>
        <Button type="submit" variant="outline" className="w-full" disabled={saving}>
          {saving ? <LoaderCircle className="animate-spin" aria-hidden /> : <Save aria-hidden />}
          Save Time Zone
        </Button>
      </Form>
      {device && (device !== timeZone || !timeZoneKnown) ? (
        <Form method="post" preventScrollReset className="mt-4 rounded-xl bg-brand-50 p-4">
          <input type="hidden" name="intent" value="update-time-zone" />
          <input type="hidden" name="timeZone" value={device} />
          <p className="text-sm text-ink">This device is set to {timeZoneName(device)}.</p>
          <Button type="submit" variant="outline" size="sm" className="mt-3" disabled={saving}>
            <Globe aria-hidden />
            Use this device's time zone
          </Button>
        </Form>
      ) : null}
    </div>
  );
}
