import { genders, relations } from "@chayong/domain";
import { formatCalendarDate } from "@chayong/i18n/lazy";
import {
  Button,
  ImageUploadTile,
  PageHeader,
  StepIndicator,
  type UploadState,
  useToast,
} from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate, useRouter } from "@tanstack/react-router";
import { useAtom } from "jotai";
import {
  type FormEvent,
  type ReactNode,
  type SyntheticEvent,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useApiMutation } from "../../data/api-mutation";
import { apiQuery, currentUserQuery } from "../../data/api-query";
import { serverProblemsOf, useDomainForm, useShownProblem } from "../../forms";
import { asTransportError } from "../../session/error-catalogue";
import { screenMessage } from "../../session/screen-message";
import { chosenAddressAtom } from "../location/chosen-address";
import { finishVerification, flowSearch } from "./flow-history";
import {
  fieldOfRequest,
  idCardFields,
  idCardFormOf,
  idCardRequestSchema,
  isUploading,
  missingSideOf,
  ocrPairOf,
  problemsOf,
  reopened,
  requestKey,
  valuesOf,
  withFreshPreviews,
  withOcrReading,
  withValues,
} from "./id-card-form";
import { LockedIdCard } from "./id-card-locked";
import {
  type IdCardForm,
  idCardFormAtom,
  type PersonalField,
  type PhotoKind,
  type PhotoSlot,
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
 * form lives in an atom: a trip to /choose-location (or anywhere) and back loses nothing. After
 * the borrower has signed a contract, the page is read-only (LockedIdCard).
 */
export function IdCardPage({ redirect }: FlowSearch) {
  // Read by the route's loader. Once a contract is signed the details are locked: shown, not
  // edited (docs/identity.md).
  const detail = useQuery(apiQuery("identity.userDetail"));
  if (detail.data?.locked) return <LockedIdCard detail={detail.data} />;
  return <IdCardFlowPage redirect={redirect} />;
}

/** The page as step 2 of the flow: the form, or what is needed to start it. */
function IdCardFlowPage({ redirect }: FlowSearch) {
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

const photoFieldNames: ReadonlySet<string> = new Set(Object.values(photoFields));

/**
 * The refusals of the details that a new live capture answers: no face check yet, or one
 * replaced while the details were checked ('face check first', 409 'face verification failed'),
 * or a live capture showing no face or several. The others name what to change instead: a card
 * photo whose face is not the live one (on that photo, docs/identity.md "The verification, step
 * by step"), the number, an identity verified on another account, a signed contract.
 */
const newFaceKeys: ReadonlySet<string> = new Set([
  "identity.faceFirst",
  "identity.faceFailed",
  "identity.face.noFace",
  "identity.face.severalFaces",
]);

function asksForNewFace(error: unknown): boolean {
  if (serverProblemsOf(error).length > 0) return false;
  const refusal = asTransportError(error);
  if (refusal?.kind !== "envelope-status") return false;
  // An older server sends no key: any refusal of the details without a field, as before.
  if (refusal.serverKey === undefined) return refusal.status === 400 || refusal.status === 409;
  return newFaceKeys.has(refusal.serverKey);
}

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
  const confirmedEarlier = form.confirmedEarlier !== null;
  const request = useMemo(() => idCardRequestSchema(confirmedEarlier), [confirmedEarlier]);
  const [initialValues] = useState(() => valuesOf(form));
  const {
    form: fields,
    submit,
    message,
    say,
  } = useDomainForm({
    defaultValues: initialValues,
    request,
    // The domain's rules, the server's: each field's shape, the number against the birthday
    // and gender, the contacts' phones against each other and the borrower's.
    rules: (values) => problemsOf(values, { confirmedEarlier, borrowerPhone, now: new Date() }),
    fieldOf: fieldOfRequest,
    // What is typed lives in the page's state (the atom): nothing is lost on leaving the page.
    onValuesChange: (values) => setForm((current) => withValues(current, values)),
    onSubmit: async (sent) => {
      setFaceProblem(false);
      setSending(true);
      let step: "personal" | "contacts" = "personal";
      try {
        const { personal, contacts } = sent;
        if (personal && form.confirmedKey !== requestKey(personal)) {
          await confirmDetails.mutateAsync(personal);
          setForm((current) => ({ ...current, confirmedKey: requestKey(personal) }));
        }
        step = "contacts";
        if (form.savedContactsKey !== requestKey(contacts)) {
          await saveContacts.mutateAsync(contacts);
          setForm((current) => ({ ...current, savedContactsKey: requestKey(contacts) }));
        }
        toast.show(_("idCard.submit.success"));
        // The form is forgotten (here and in session storage) once the page is left.
        finished.current = true;
        finishVerification(router, redirect);
      } catch (error) {
        setSending(false);
        setFaceProblem(step === "personal" && asksForNewFace(error));
        throw error;
      }
    },
  });

  // What changed in the page's state from elsewhere (an upload, OCR's reading, a new photo that
  // asks for the number again) comes into the fields; what the borrower types went the other way.
  useEffect(() => {
    const next = valuesOf(form);
    for (const name of idCardFields) {
      if (JSON.stringify(next[name]) !== JSON.stringify(fields.state.values[name])) {
        // Not the borrower's typing: not marked as typed (OCR may still fill it). A photo the
        // borrower picked is his change, though: the server's word on the one before goes.
        fields.setFieldValue(name, next[name], { dontRunListeners: !photoFieldNames.has(name) });
      }
    }
  }, [form]);

  /** A detail the borrower typed: OCR never overwrites it. */
  const typed = (field: PersonalField) => ({
    onChange: () =>
      setForm((current) =>
        current.typed.includes(field) ? current : { ...current, typed: [...current.typed, field] },
      ),
  });

  // An address confirmed on /choose-location lands in the form.
  useEffect(() => {
    if (chosenAddress === null) return;
    fields.setFieldValue("address", chosenAddress);
    setChosenAddress(null);
  }, [chosenAddress]);

  // Both sides uploaded: OCR reads them (0.5-2 s) and prefills what the borrower has not typed.
  // The answer lands in the atom even if the borrower has gone to another page meanwhile.
  const pair = ocrPairOf(form);
  const missingSide = missingSideOf(form);
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

  const confirm = (event: FormEvent<HTMLFormElement>) => {
    if (isUploading(form)) {
      event.preventDefault();
      setFaceProblem(false);
      say(_("identity.uploadPending"));
      return;
    }
    submit(event);
  };

  const ocr = form.ocr;
  const confirmed = form.confirmedEarlier;
  const genderOptions = genders.map((value) => ({
    value,
    label: _(`identity.gender.${value}`),
  }));
  const relationOptions = relations.map((value) => ({
    value,
    label: _(`identity.relation.${value}`),
  }));

  return (
    <form className="page page--above-service id-card" onSubmit={confirm} noValidate>
      <section className="page__section" aria-labelledby="id-card-photos">
        <h2 className="page__section-title" id="id-card-photos">
          {_("idCard.photos")}
        </h2>
        <p className="page__note">{_("idCard.photosHint")}</p>
        <div className="id-card__photos" onErrorCapture={refreshPreviews}>
          {photoKinds.map((kind) => {
            const photo = form.photos[kind];
            return (
              <fields.AppField key={kind} name={photoFields[kind]}>
                {() => (
                  <PhotoField
                    name={photoFields[kind]}
                    photo={photo}
                    className={`id-card__photo id-card__photo--${kind}`}
                  >
                    {(state) => (
                      <ImageUploadTile
                        kind={kind}
                        state={state}
                        previewUrl={photo.previewUrl}
                        onSelect={(file) => void upload(kind, file)}
                        onRetry={
                          // Sending the same file again answers a failed upload, not a photo the
                          // server refused (another photo is taken for that).
                          photo.status === "error" && photo.file
                            ? () => photo.file && void upload(kind, photo.file)
                            : undefined
                        }
                      />
                    )}
                  </PhotoField>
                )}
              </fields.AppField>
            );
          })}
        </div>
        {missingSide !== null && ocr.status === "idle" && form.confirmedEarlier === null ? (
          <p className="page__note" role="status">
            {_(missingSide === "back" ? "idCard.uploadBackToRead" : "idCard.uploadFrontToRead")}
          </p>
        ) : null}
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
            <fields.AppField name="name" listeners={typed("name")}>
              {(field) => (
                <field.TextField
                  label={_("identity.name")}
                  maxLength={50}
                  autoComplete="name"
                  required
                />
              )}
            </fields.AppField>
            <fields.AppField name="idNumber" listeners={typed("idNumber")}>
              {(field) => (
                <field.TextField
                  label={_("identity.idNumber")}
                  // A reload kept everything but the number (id-card-store.ts): said, not left
                  // blank as if never read.
                  hint={
                    form.idNumberNotKept && form.idNumber === ""
                      ? _("idCard.idNumberNotKept")
                      : undefined
                  }
                  maxLength={32}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  required
                />
              )}
            </fields.AppField>
            <fields.AppField name="gender" listeners={typed("gender")}>
              {(field) => (
                <field.Select
                  label={_("identity.gender")}
                  options={genderOptions}
                  placeholder={_("common.pleaseSelect")}
                  required
                />
              )}
            </fields.AppField>
            <fields.AppField name="birthday" listeners={typed("birthday")}>
              {(field) => <field.DateField label={_("identity.birthday")} max={today()} required />}
            </fields.AppField>
            <fields.AppField name="address" listeners={typed("address")}>
              {(field) => (
                <field.TextArea
                  label={_("identity.address")}
                  maxLength={200}
                  autoComplete="street-address"
                  required
                />
              )}
            </fields.AppField>
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
        {([0, 1] as const).map((index) => (
          <fieldset className="id-card__contact" key={index}>
            <legend className="id-card__contact-title">
              {_(index === 0 ? "identity.contact1.title" : "identity.contact2.title")}
            </legend>
            <fields.AppField name={`contacts[${index}].name`}>
              {(field) => (
                <field.TextField
                  label={_("identity.contact.name")}
                  maxLength={50}
                  autoComplete="off"
                  required
                />
              )}
            </fields.AppField>
            <fields.AppField name={`contacts[${index}].phone`}>
              {(field) => (
                <field.TextField
                  label={_("identity.contact.phone")}
                  type="tel"
                  inputMode="tel"
                  autoComplete="off"
                  required
                />
              )}
            </fields.AppField>
            <fields.AppField name={`contacts[${index}].relation`}>
              {(field) => (
                <field.Select
                  label={_("identity.contact.relation")}
                  options={relationOptions}
                  placeholder={_("common.pleaseSelect")}
                  required
                />
              )}
            </fields.AppField>
          </fieldset>
        ))}
        {/* 'Exactly two contacts': about the contacts together. */}
        <fields.AppField name="contacts">{(field) => <field.Problem />}</fields.AppField>
      </section>

      <fields.AppField name="sharedDebtConsent">
        {(field) => (
          <field.Checkbox
            label={_("identity.sharedDebtConsent")}
            disabled={confirmed !== null || sending}
          />
        )}
      </fields.AppField>

      {message ? (
        <p className="page__error" role="alert">
          {message}
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

/**
 * A photo's tile as a field of the form (named by its request field, so a refused confirm
 * brings it into view): its upload's state, else its problem once a confirm was tried.
 */
function PhotoField({
  name,
  photo,
  className,
  children,
}: {
  name: string;
  photo: PhotoSlot;
  className: string;
  children: (state: UploadState) => ReactNode;
}) {
  const problem = useShownProblem();
  const state: UploadState =
    photo.status === "uploading"
      ? { status: "uploading" }
      : photo.status === "error"
        ? { status: "error", message: photo.error }
        : problem
          ? { status: "error", message: problem }
          : { status: photo.status };
  return (
    <div className={className} data-field={name}>
      {children(state)}
    </div>
  );
}
