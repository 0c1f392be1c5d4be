import { type DomainError, parseWithKeys } from "@chayong/domain";
import { useLingui } from "@lingui/react";
import {
  type AnyFormApi,
  defaultValidationLogic,
  type FieldInfo,
  useStore,
  type ValidationLogicFn,
} from "@tanstack/react-form";
import { type FormEvent, useEffect, useRef, useState } from "react";
import type * as v from "valibot";
import { screenMessage } from "../session/screen-message";
import { useAppForm } from "./app-form";
import { focusFirstInvalid } from "./focus-first-invalid";
import {
  type FieldProblem,
  formPath,
  isFieldProblem,
  problemText,
  type ServerProblem,
  serverProblemsOf,
} from "./form-problems";

export interface DomainFormOptions<TValues, TRequest> {
  /** What the fields hold at first (a draft kept outside the form, or the empty form). */
  defaultValues: TValues;
  /**
   * The endpoint's request made from the values: a valibot schema from the form's values to the
   * request (the domain's request schema, piped after what turns typing into a request). What
   * the form sends is its output, typed as the endpoint's request.
   */
  request: v.GenericSchema<TValues, TRequest>;
  /**
   * The domain's rules on the values, as the server runs them on the request (every problem,
   * the request's shape included, on the request field to fix). The request schema's own
   * problems when omitted.
   */
  rules?: (values: TValues) => readonly DomainError[];
  /**
   * The form field a request field's problem is shown on (`formPath` of it when omitted); null
   * for the form as a whole. A problem of a field the form does not show is said under the button.
   */
  fieldOf?: (field: string) => string | null;
  /**
   * Problems the page says in a place of its own rather than under their field (the create
   * form's legal cap, in the cost preview): they still hold the submit back and take the focus.
   */
  saidElsewhere?: (problem: DomainError) => boolean;
  /** Sends the request. What it throws is said under the button (see `refuse` for more). */
  onSubmit: (request: TRequest, values: TValues) => Promise<void> | void;
  /** Every change of the values, the person's or the page's (to keep a draft outside the form). */
  onValuesChange?: (values: TValues) => void;
}

/**
 * A form of the app on TanStack Form, checked by the domain's rules (the server's own) as it is
 * typed: each problem on its field (shown once the field is left or a submit was tried), a
 * refused submit brings the first field with a problem into view and focuses it, and the submit
 * sends the request parsed from the values by the endpoint's schema. The server's field problems
 * land on the same fields until the field changes; other refusals are said under the button.
 */
export function useDomainForm<TValues, TRequest>(options: DomainFormOptions<TValues, TRequest>) {
  const { _ } = useLingui();
  const latest = useRef(options);
  latest.current = options;
  const root = useRef<ParentNode | null>(null);
  // A refusal said under the button, until the person changes something or submits again.
  const [refusal, setRefusal] = useState<string | null>(null);

  const fieldOf = (field: string) => (latest.current.fieldOf ?? formPath)(field);

  const form = useAppForm({
    defaultValues: options.defaultValues,
    validationLogic: rulesOnChangeAndBlur,
    validators: {
      onChange: ({ value, formApi }) => {
        const { rules, request } = latest.current;
        const problems = rules?.(value) ?? [];
        const found = problems.length > 0 ? problems : shapeProblems(request, value);
        if (found.length === 0) return undefined;
        const elsewhere = latest.current.saidElsewhere ?? (() => false);
        return onFields(found, fieldOf, elsewhere, formApi);
      },
    },
    listeners: {
      // The server's word on a field stands until that field changes.
      onChange: ({ fieldApi }) => {
        forgetServerProblem(fieldApi);
        setRefusal(null);
      },
    },
    onSubmitInvalid: ({ formApi }) => focusProblem(hasProblem(formApi)),
    onSubmit: async ({ value }) => {
      const parsed = parseWithKeys(latest.current.request, value);
      // The rules above passed, so the request schema does too; said rather than sent if not.
      if (!parsed.ok) {
        setRefusal(problemText(parsed.errors[0] ?? { key: "common.invalidValue" }, _));
        return;
      }
      try {
        await latest.current.onSubmit(parsed.value, value);
      } catch (error) {
        refuse(error);
      }
    },
  });

  useEffect(() => {
    let values = form.state.values;
    const subscription = form.store.subscribe(() => {
      if (form.state.values === values) return;
      values = form.state.values;
      latest.current.onValuesChange?.(values);
    });
    return () => subscription.unsubscribe();
  }, [form]);

  const focusProblem = (isInvalid: (field: string) => boolean) =>
    focusFirstInvalid(root.current ?? document, isInvalid);

  /**
   * The server's problems on their fields (one each, in the server's words), the first focused;
   * a problem on no field the form shows is said under the button. False when there were none.
   */
  const showServerProblems = (problems: readonly Pick<ServerProblem, "field" | "message">[]) => {
    const api: AnyFormApi = form;
    const placed = new Set<string>();
    let unplaced: string | null = null;
    for (const problem of problems) {
      const field = problem.field === null ? null : fieldOf(problem.field);
      const instance = field === null ? null : (api.fieldInfo[field]?.instance ?? null);
      if (field !== null && instance) {
        if (placed.has(field)) continue;
        placed.add(field);
        setServerProblem(instance, { serverMessage: problem.message });
      } else {
        unplaced ??= problem.message;
      }
    }
    setRefusal(unplaced);
    if (placed.size > 0) focusProblem((field) => placed.has(field));
    return problems.length > 0;
  };

  /** A refusal the page knows the field of (the server named none), in the server's words. */
  const sayOnField = (field: string, message: string) => {
    showServerProblems([{ field, message }]);
  };

  /**
   * Checks some fields now, as if the person had left them (an action on part of the form,
   * e.g. sending the login code for the phone): their problems show, the first is focused.
   * True when they have none.
   */
  const checkFields = (...fields: string[]) => {
    const api: AnyFormApi = form;
    for (const field of fields) {
      api.setFieldMeta(field, (meta) => ({ ...meta, isTouched: true, isBlurred: true }));
    }
    if (fields[0] !== undefined) void api.validateField(fields[0], "change");
    const invalid = new Set(fields.filter(hasProblem(api)));
    if (invalid.size > 0) focusProblem((field) => invalid.has(field));
    return invalid.size === 0;
  };

  /** A failed submit: the server's field problems on their fields, anything else under the button. */
  const refuse = (error: unknown) => {
    if (!showServerProblems(serverProblemsOf(error))) setRefusal(screenMessage(error, _));
  };

  /** The form's submit handler (its `onSubmit`, or a sheet's). */
  const submit = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    if (event) root.current = event.currentTarget;
    // One request at a time (Enter pressed again while the first is on its way).
    if (form.state.isSubmitting) return;
    forgetServerProblems(form);
    setRefusal(null);
    void form.handleSubmit();
  };

  // A problem of the whole form (no field to show it on), once a submit was tried.
  const formProblem = useStore(form.store, (state) =>
    state.submissionAttempts > 0 &&
    isFieldProblem(state.errorMap.onChange) &&
    !("saidElsewhere" in state.errorMap.onChange)
      ? state.errorMap.onChange
      : undefined,
  );

  return {
    form,
    submit,
    /** What is said under the button: a refusal, or a problem of no field. */
    message: refusal ?? (formProblem ? problemText(formProblem, _) : null),
    /** Says something under the button (a refusal the page words itself), or nothing. */
    say: setRefusal,
    refuse,
    showServerProblems,
    sayOnField,
    checkFields,
  };
}

/**
 * The form's rules (its `onChange` validator) run when a field changes and also when it is left:
 * a field left untouched (tabbed through) says it is required. Both land in the same error
 * slot, so a problem fixed by typing is gone whether the field was left or not.
 */
const rulesOnChangeAndBlur: ValidationLogicFn = (props) =>
  defaultValidationLogic(
    props.event.type === "blur" ? { ...props, event: { ...props.event, type: "change" } } : props,
  );

/** The request schema's problems on the values (keyed as the server's 400 answer lists them). */
function shapeProblems<TValues>(
  request: v.GenericSchema<TValues, unknown>,
  values: TValues,
): readonly DomainError[] {
  const parsed = parseWithKeys(request, values);
  return parsed.ok ? [] : parsed.errors;
}

/**
 * The domain's problems as TanStack Form's form-level result: the first problem of each field
 * the form shows on that field, the first of the rest on the form.
 */
function onFields(
  problems: readonly DomainError[],
  fieldOf: (field: string) => string | null,
  saidElsewhere: (problem: DomainError) => boolean,
  formApi: AnyFormApi,
): { form?: FieldProblem; fields: Record<string, FieldProblem> } {
  const fields: Record<string, FieldProblem> = {};
  let form: FieldProblem | undefined;
  for (const error of problems) {
    const { key, params, field: requestField } = error;
    const problem: FieldProblem = {
      key,
      ...(params ? { params } : {}),
      ...(saidElsewhere(error) ? { saidElsewhere: true } : {}),
    };
    const field = requestField === undefined ? null : fieldOf(requestField);
    if (field !== null && formApi.fieldInfo[field]?.instance) {
      fields[field] ??= problem;
    } else {
      form ??= problem;
    }
  }
  return { form, fields };
}

function hasProblem(formApi: AnyFormApi) {
  return (field: string) => (formApi.state.fieldMeta[field]?.errors.length ?? 0) > 0;
}

/** A mounted field, as the form knows it. */
type FieldLike = Pick<NonNullable<FieldInfo<unknown>["instance"]>, "getMeta" | "setMeta">;

/**
 * The server's word sits in the field's `onServer` error, set by no validator of ours: the form's
 * validation keeps it (it is not the form validator's), only this clears it.
 */
function setServerProblem(field: FieldLike, problem: FieldProblem | undefined) {
  field.setMeta((meta) => ({ ...meta, errorMap: { ...meta.errorMap, onServer: problem } }));
}

function forgetServerProblem(field: FieldLike) {
  if (field.getMeta().errorMap.onServer !== undefined) setServerProblem(field, undefined);
}

function forgetServerProblems(formApi: AnyFormApi) {
  for (const info of Object.values(formApi.fieldInfo)) {
    if (info?.instance) forgetServerProblem(info.instance);
  }
}
