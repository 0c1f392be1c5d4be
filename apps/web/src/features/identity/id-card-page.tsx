import { type Gender, type Relation, relations } from "@chayong/domain";
import { formatCalendarDate } from "@chayong/i18n/lazy";
import {
  Button,
  Checkbox,
  DateField,
  ImageUploadTile,
  PageHeader,
  Select,
  StepIndicator,
  TextField,
  type UploadState,
  useToast,
} from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate, useRouter } from "@tanstack/react-router";
import { useAtom } from "jotai";
import { type FormEvent, type SyntheticEvent, useEffect, useMemo, useRef, useState } from "react";
import type { ApiInput } from "../../data/api-endpoints";
import { useApiMutation } from "../../data/api-mutation";
import { apiQuery, currentUserQuery } from "../../data/api-query";
import { asTransportError } from "../../session/error-catalogue";
import { domainMessage, screenMessage } from "../../session/screen-message";
import { chosenAddressAtom } from "../location/chosen-address";
import { finishVerification, flowSearch } from "./flow-history";
import {
  contactsRequestOf,
  idCardFormOf,
  isUploading,
  messagesByField,
  needsConfirm,
  needsContacts,
  ocrPairOf,
  personalRequestOf,
  problemsOf,
  reopened,
  requestKey,
  type ServerProblem,
  withFreshPreviews,
  withOcrReading,
} from "./id-card-form";
import {
  type IdCardForm,
  idCardFormAtom,
  type PersonalField,
  type PhotoKind,
  photoFields,
  photoKinds,
} from "./id-card-store";
import { fitForUpload, ImageTooLarge } from "./image-file";
import { useLeaveVerification } from "./leave-verification";
import { type FlowSearch, facePath } from "./verification-flow";

type SetForm = (update: (form: IdCardForm) => IdCardForm) => void;

/**
 * Step 2 of identity verification (/pages/me/idCard, docs/screens.md#verification-flow): the ID card's front, back and a
 * photo holding it, uploaded with progress; OCR prefills the personal details, which the borrower
 * corrects; exactly two emergency contacts; the shared-debt consent, unticked until chosen. The
 * form lives in an atom: a trip to /choose-location (or anywhere) and back loses nothing.
 */
export function IdCardPage({ redirect }: FlowSearch) {
  const { _ } = useLingui();
  const { askToLeave, leaveDialog } = useLeaveVerification();
  const [form, setStored] = useAtom(idCardFormAtom);
  const setForm: SetForm = (update) =>
    setStored((current) => (current ? update(current) : current));
  return (
    <>
      <PageHeader title={_("idCard.title")} onBack={askToLeave} />
      <StepIndicator current={1} label={_("verify.steps")} />
      {form ? (
        <IdCardFormView form={form} setForm={setForm} redirect={redirect} />
      ) : (
        <StartIdCard redirect={redirect} onStart={(started) => setStored(started)} />
      )}
      {leaveDialog}
    </>
  );
}

/** Reads what the borrower did on earlier visits; sends them to the face check if not done. */
function StartIdCard({ redirect, onStart }: FlowSearch & { onStart: (form: IdCardForm) => void }) {
  const { _ } = useLingui();
  const navigate = useNavigate();
  // Read by the route's loader; asked again here when that failed.
  const progress = useQuery(apiQuery("identity.userDetail"));
  useEffect(() => {
    if (!progress.isSuccess) return;
    if (!progress.data.faceVerified) {
      void navigate({ to: facePath, search: flowSearch(redirect), replace: true });
      return;
    }
    onStart(idCardFormOf(progress.data));
  }, [progress.isSuccess]);
  return (
    <div className="page">
      {progress.isError ? (
        <>
          <p className="page__error" role="alert">
            {screenMessage(progress.error, _) ?? _("common.loadFailed")}
          </p>
          <Button variant="secondary" onClick={() => void progress.refetch()}>
            {_("common.retry")}
          </Button>
        </>
      ) : (
        <p className="page__note">{_("common.loading")}</p>
      )}
    </div>
  );
}

const today = () => new Date().toISOString().slice(0, 10);

/** Numbers each photo pick: the answer to a replaced pick is dropped. */
let picks = 0;

function IdCardFormView({
  form,
  setForm,
  redirect,
}: FlowSearch & { form: IdCardForm; setForm: SetForm }) {
  const { _, i18n } = useLingui();
  const router = useRouter();
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const user = useQuery(currentUserQuery());
  const { mutateAsync: uploadImage } = useApiMutation("identity.uploadImage");
  const { mutateAsync: readCard } = useApiMutation("identity.ocrCheck");
  const confirmDetails = useApiMutation("identity.ocrConfirm");
  const saveContacts = useApiMutation("identity.addEmergencyContacts");
  const [, setStored] = useAtom(idCardFormAtom);
  const [chosenAddress, setChosenAddress] = useAtom(chosenAddressAtom);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(0);
  const [serverErrors, setServerErrors] = useState<ReadonlyMap<string, string>>(new Map());
  const [sendError, setSendError] = useState<string | null>(null);
  const [faceProblem, setFaceProblem] = useState(false);
  // From 'confirm' until the page is left, or a refusal: both calls, one after the other.
  const [sending, setSending] = useState(false);
  const finished = useRef(false);
  useEffect(
    () => () => {
      if (finished.current) setStored(null);
    },
    [],
  );

  const borrowerPhone = user.data?.phone ?? "";
  const problems = useMemo(() => {
    const byField = new Map<string, string>();
    for (const problem of problemsOf(form, borrowerPhone)) {
      const field = problem.field ?? "form";
      if (!byField.has(field)) byField.set(field, domainMessage(problem, _));
    }
    return byField;
  }, [form, borrowerPhone, _]);
  const errorFor = (field: string): string | undefined =>
    serverErrors.get(field) ??
    (submitted > 0 || touched.has(field) ? problems.get(field) : undefined);
  const touch = (field: string) => () =>
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));
  const forget = (field: string) => {
    setServerErrors((current) => {
      if (!current.has(field) && !current.has("form")) return current;
      const next = new Map(current);
      next.delete(field);
      next.delete("form");
      return next;
    });
    setSendError(null);
  };
  const updatePersonal = <F extends PersonalField>(field: F, value: IdCardForm[F]) => {
    forget(field);
    setForm((current) => ({
      ...current,
      [field]: value,
      typed: current.typed.includes(field) ? current.typed : [...current.typed, field],
    }));
  };
  const updateContact = (index: 0 | 1, patch: Partial<IdCardForm["contacts"][0]>) => {
    for (const name of Object.keys(patch)) forget(`contacts.${index}.${name}`);
    setForm((current) => {
      const contacts = [...current.contacts] as IdCardForm["contacts"];
      contacts[index] = { ...contacts[index], ...patch };
      return { ...current, contacts };
    });
  };

  // An address confirmed on /choose-location lands in the form.
  useEffect(() => {
    if (chosenAddress === null) return;
    updatePersonal("address", chosenAddress);
    setChosenAddress(null);
  }, [chosenAddress]);

  // Both sides uploaded: OCR reads them (0.5-2 s) and prefills what the borrower has not typed.
  // The answer lands in the atom even if the borrower has gone to another page meanwhile.
  const pair = ocrPairOf(form);
  const ocrDue =
    pair !== null &&
    form.confirmedEarlier === null &&
    (form.ocr.status === "idle" || form.ocr.pair !== pair);
  useEffect(() => {
    if (!ocrDue || pair === null) return;
    const [frontPhotoUrl = "", backPhotoUrl = ""] = pair.split("\n");
    setForm((current) => ({ ...current, ocr: { status: "reading", pair } }));
    const stillReading = (current: IdCardForm) =>
      current.ocr.status === "reading" && current.ocr.pair === pair;
    readCard({ frontPhotoUrl, backPhotoUrl }).then(
      (reading) =>
        setForm((current) =>
          stillReading(current)
            ? {
                ...withOcrReading(current, reading),
                ocr: { status: "read", pair, available: reading.available },
              }
            : current,
        ),
      (error: unknown) =>
        setForm((current) =>
          stillReading(current)
            ? {
                ...current,
                ocr: {
                  status: "failed",
                  pair,
                  message: screenMessage(error, _) ?? _("identity.ocrUnavailable"),
                },
              }
            : current,
        ),
    );
  }, [ocrDue, pair]);

  const upload = async (kind: PhotoKind, file: Blob) => {
    forget(photoFields[kind]);
    picks += 1;
    const pick = picks;
    const replaced = form.photos[kind].previewUrl;
    if (replaced?.startsWith("blob:")) URL.revokeObjectURL(replaced);
    setForm((current) => {
      const photo = {
        status: "uploading" as const,
        previewUrl: URL.createObjectURL(file),
        file,
        pick,
      };
      // New photos are confirmed again, with the ID number typed again.
      return { ...reopened(current), photos: { ...current.photos, [kind]: photo } };
    });
    const settle = (patch: Partial<IdCardForm["photos"][PhotoKind]>) =>
      setForm((current) => {
        const photo = current.photos[kind];
        if (photo.pick !== pick) return current;
        return { ...current, photos: { ...current.photos, [kind]: { ...photo, ...patch } } };
      });
    try {
      const uploaded = await uploadImage({ file: await fitForUpload(file) });
      settle({ status: "done", address: uploaded.url ?? uploaded.path, error: undefined });
    } catch (error) {
      settle({
        status: "error",
        error:
          error instanceof ImageTooLarge
            ? _("upload.tooLarge")
            : (screenMessage(error, _) ?? _("upload.failed")),
      });
    }
  };

  // A stored photo's preview address lasts 15 minutes (a reload, a long pause): when one fails to
  // load, the server's fresh addresses are asked for, once.
  const refreshedPreviews = useRef(false);
  const refreshPreviews = (event: SyntheticEvent) => {
    const image = event.target;
    if (!(image instanceof HTMLImageElement) || refreshedPreviews.current) return;
    if ((image.getAttribute("src") ?? "").startsWith("blob:")) return;
    refreshedPreviews.current = true;
    queryClient.fetchQuery({ ...apiQuery("identity.userDetail"), staleTime: 0 }).then(
      (detail) => setForm((current) => withFreshPreviews(current, detail)),
      () => undefined,
    );
  };

  const tileState = (kind: PhotoKind): UploadState => {
    const photo = form.photos[kind];
    if (photo.status === "uploading") return { status: "uploading" };
    if (photo.status === "error") return { status: "error", message: photo.error };
    const problem = errorFor(photoFields[kind]);
    if (problem) return { status: "error", message: problem };
    return { status: photo.status };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted((count) => count + 1);
    setSendError(null);
    setFaceProblem(false);
    if (isUploading(form)) {
      setSendError(_("identity.uploadPending"));
      return;
    }
    if (problems.size > 0) return;
    setSending(true);
    try {
      if (needsConfirm(form)) {
        const personal = personalRequestOf(form);
        await confirmDetails.mutateAsync(personal as ApiInput<"identity.ocrConfirm">);
        setForm((current) => ({ ...current, confirmedKey: requestKey(personal) }));
      }
      if (needsContacts(form)) {
        const contacts = contactsRequestOf(form);
        await saveContacts.mutateAsync(contacts as ApiInput<"identity.addEmergencyContacts">);
        setForm((current) => ({ ...current, savedContactsKey: requestKey(contacts) }));
      }
      toast.show(_("idCard.submit.success"));
      // The form is forgotten (here and in session storage) once the page is left.
      finished.current = true;
      finishVerification(router, redirect);
    } catch (error) {
      setSending(false);
      const transportError = asTransportError(error);
      const body = transportError?.body as { errors?: ServerProblem[] } | undefined;
      if (body?.errors?.length) {
        const byField = messagesByField(body.errors);
        setServerErrors(byField);
        setSendError(byField.get("form") ?? null);
        return;
      }
      setSendError(screenMessage(error, _));
      // 'live face verification failed' / 'face check first': the borrower retakes the face.
      setFaceProblem(
        needsConfirm(form) &&
          transportError?.kind === "envelope-status" &&
          (transportError.status === 400 || transportError.status === 409),
      );
    }
  };

  // After a refused submit, the first thing to fix (a photo or a field) comes into view, focused.
  useEffect(() => {
    if (submitted === 0) return;
    const first = document.querySelector<HTMLElement>(
      ".id-card .cy-upload-tile--error, .id-card [aria-invalid='true']",
    );
    const control = first?.matches("input, select, textarea")
      ? first
      : first?.querySelector<HTMLElement>("input");
    first?.scrollIntoView({ block: "center" });
    control?.focus({ preventScroll: true });
  }, [submitted, serverErrors]);

  const ocr = form.ocr;
  const confirmed = form.confirmedEarlier;
  const genderOptions = (["male", "female"] as const).map((value) => ({
    value,
    label: _(`identity.gender.${value}`),
  }));
  const relationOptions = relations.map((value) => ({
    value,
    label: _(`identity.relation.${value}`),
  }));

  return (
    <form className="page page--above-service id-card" onSubmit={submit} noValidate>
      <section className="page__section" aria-labelledby="id-card-photos">
        <h2 className="page__section-title" id="id-card-photos">
          {_("idCard.photos")}
        </h2>
        <p className="page__note">{_("idCard.photosHint")}</p>
        <div className="id-card__photos" onErrorCapture={refreshPreviews}>
          {photoKinds.map((kind) => {
            const photo = form.photos[kind];
            return (
              <ImageUploadTile
                key={kind}
                kind={kind}
                state={tileState(kind)}
                previewUrl={photo.previewUrl}
                onSelect={(file) => void upload(kind, file)}
                onRetry={photo.file ? () => photo.file && void upload(kind, photo.file) : undefined}
                className={`id-card__photo id-card__photo--${kind}`}
              />
            );
          })}
        </div>
        {ocr.status === "reading" ? (
          <div className="id-card__ocr" role="status">
            <span>{_("idCard.recognising")}</span>
            <progress className="id-card__progress" aria-label={_("idCard.recognising")} />
          </div>
        ) : null}
        {ocr.status === "read" && !confirmed ? (
          <p className="page__note" role="status">
            {_(ocr.available ? "idCard.reviewHint" : "identity.ocrUnavailable")}
          </p>
        ) : null}
        {ocr.status === "failed" ? (
          <div className="page__row page__row--center">
            <p className="page__error" role="alert">
              {ocr.message}
            </p>
            <Button
              variant="secondary"
              onClick={() => setForm((current) => ({ ...current, ocr: { status: "idle" } }))}
            >
              {_("common.retry")}
            </Button>
          </div>
        ) : null}
      </section>

      <section className="page__section" aria-labelledby="id-card-personal">
        <div className="page__row page__row--center">
          <h2 className="page__section-title" id="id-card-personal">
            {_("idCard.personalDetails")}
          </h2>
          {confirmed ? (
            <Button variant="secondary" onClick={() => setForm(reopened)}>
              {_("common.edit")}
            </Button>
          ) : null}
        </div>
        {confirmed ? (
          <>
            <p className="page__note">{_("idCard.confirmed")}</p>
            <dl className="definition-list">
              <dt>{_("identity.name")}</dt>
              <dd>{form.name}</dd>
              <dt>{_("identity.idNumber")}</dt>
              <dd>{confirmed.idNumberMasked ?? ""}</dd>
              <dt>{_("identity.gender")}</dt>
              <dd>{form.gender ? _(`identity.gender.${form.gender}`) : ""}</dd>
              <dt>{_("identity.birthday")}</dt>
              <dd>{formatCalendarDate(form.birthday, i18n.locale)}</dd>
              <dt>{_("identity.address")}</dt>
              <dd>{form.address}</dd>
            </dl>
          </>
        ) : (
          <>
            <TextField
              label={_("identity.name")}
              name="name"
              value={form.name}
              maxLength={50}
              autoComplete="name"
              onChange={(event) => updatePersonal("name", event.currentTarget.value)}
              onBlur={touch("name")}
              error={errorFor("name")}
              required
            />
            <TextField
              label={_("identity.idNumber")}
              name="idNumber"
              value={form.idNumber}
              maxLength={32}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              onChange={(event) => updatePersonal("idNumber", event.currentTarget.value)}
              onBlur={touch("idNumber")}
              error={errorFor("idNumber")}
              required
            />
            <Select<Gender>
              label={_("identity.gender")}
              name="gender"
              value={form.gender}
              options={genderOptions}
              placeholder={_("common.pleaseSelect")}
              onValueChange={(value) => updatePersonal("gender", value)}
              onBlur={touch("gender")}
              error={errorFor("gender")}
              required
            />
            <DateField
              label={_("identity.birthday")}
              name="birthday"
              value={form.birthday}
              max={today()}
              onValueChange={(value) => updatePersonal("birthday", value)}
              onBlur={touch("birthday")}
              error={errorFor("birthday")}
              required
            />
            <TextField
              label={_("identity.address")}
              name="address"
              value={form.address}
              maxLength={200}
              autoComplete="street-address"
              onChange={(event) => updatePersonal("address", event.currentTarget.value)}
              onBlur={touch("address")}
              error={errorFor("address")}
              required
            />
            <Button
              variant="secondary"
              className="id-card__locate"
              onClick={() => void navigate({ to: "/choose-location" })}
            >
              {_("idCard.chooseLocation")}
            </Button>
          </>
        )}
      </section>

      <section className="page__section" aria-labelledby="id-card-contacts">
        <h2 className="page__section-title" id="id-card-contacts">
          {_("identity.contacts.title")}
        </h2>
        <p className="page__note id-card__phone-note">{_("identity.validPhoneNote")}</p>
        {([0, 1] as const).map((index) => {
          const contact = form.contacts[index];
          const field = (name: string) => `contacts.${index}.${name}`;
          return (
            <fieldset className="id-card__contact" key={index}>
              <legend className="id-card__contact-title">
                {_(index === 0 ? "identity.contact1.title" : "identity.contact2.title")}
              </legend>
              <TextField
                label={_("identity.contact.name")}
                name={field("name")}
                value={contact.name}
                maxLength={50}
                autoComplete="off"
                onChange={(event) => updateContact(index, { name: event.currentTarget.value })}
                onBlur={touch(field("name"))}
                error={errorFor(field("name"))}
                required
              />
              <TextField
                label={_("identity.contact.phone")}
                name={field("phone")}
                type="tel"
                inputMode="tel"
                autoComplete="off"
                value={contact.phone}
                onChange={(event) => updateContact(index, { phone: event.currentTarget.value })}
                onBlur={touch(field("phone"))}
                error={errorFor(field("phone"))}
                required
              />
              <Select<Relation>
                label={_("identity.contact.relation")}
                name={field("relation")}
                value={contact.relation}
                options={relationOptions}
                placeholder={_("common.pleaseSelect")}
                onValueChange={(value) => updateContact(index, { relation: value })}
                onBlur={touch(field("relation"))}
                error={errorFor(field("relation"))}
                required
              />
            </fieldset>
          );
        })}
        {errorFor("contacts") ? (
          <p className="page__error" role="alert">
            {errorFor("contacts")}
          </p>
        ) : null}
      </section>

      <Checkbox
        label={_("identity.sharedDebtConsent")}
        name="sharedDebtConsent"
        checked={form.sharedDebtConsent}
        disabled={confirmed !== null || sending}
        onCheckedChange={(checked) =>
          setForm((current) => ({ ...current, sharedDebtConsent: checked }))
        }
      />

      {sendError ? (
        <p className="page__error" role="alert">
          {sendError}
        </p>
      ) : null}
      <div className="page__actions id-card__actions">
        {faceProblem ? (
          <Button
            variant="secondary"
            size="lg"
            block
            onClick={() =>
              void navigate({ to: facePath, search: flowSearch(redirect, true), replace: true })
            }
          >
            {_("idCard.retakeFace")}
          </Button>
        ) : null}
        <Button type="submit" size="lg" block loading={sending}>
          {_("common.confirm")}
        </Button>
        {sending ? <p className="page__note">{_("common.submitting")}</p> : null}
      </div>
    </form>
  );
}
