import "./face-review.css";
import { Button, ConfirmDialog, useToast } from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import type { ApiAnswer } from "../../../data/api-endpoints";
import { useApiMutation } from "../../../data/api-mutation";
import { screenMessage } from "../../../session/screen-message";

type CustomerDetail = ApiAnswer<"contract.userDetails">;
type Decision = "approved" | "refused";

const percent = (value: number) => `${Math.round(value * 100)}%`;

/**
 * A face check that came out 'review' (docs/identity.md, "Three outcomes"), as the lender of
 * contract `contractId` decides on it: the live capture beside the card's portrait and the
 * holding photo, the score and the thresholds it fell between, and approve / refuse (asked once
 * more). His decision holds for his own contracts; the borrower is told by SMS.
 */
export function FaceReviewPanel({
  contractId,
  customer,
}: {
  contractId: string;
  customer: CustomerDetail;
}) {
  const { _ } = useLingui();
  const toast = useToast();
  const decide = useApiMutation("contract.faceReview");
  const [confirming, setConfirming] = useState<Decision | null>(null);
  const [error, setError] = useState<string | null>(null);
  const review = customer.faceReview;
  if (review === null) return null;

  const photos = [
    { url: customer.facePhotoUrl, label: _("customer.facePhoto") },
    { url: customer.idCardFrontUrl, label: _("customer.idFront") },
    { url: customer.holdingPhotoUrl, label: _("customer.holdingPhoto") },
  ];

  const submit = async (decision: Decision) => {
    try {
      await decide.mutateAsync({ id: contractId, decision });
      setError(null);
      toast.show(_(`faceReview.${decision}.done`));
    } catch (failure) {
      setError(screenMessage(failure, _));
    }
    setConfirming(null);
  };

  return (
    <section className="page__section face-review" aria-labelledby="face-review-title">
      <h3 className="page__section-title" id="face-review-title">
        {_("faceReview.title")}
      </h3>
      <p className="page__note">{_("faceReview.explanation")}</p>
      <ul className="face-review__photos">
        {photos.map(({ url, label }) => (
          <li key={label} className="face-review__photo">
            {url ? <img src={url} alt={label} /> : <span>{_("customer.notProvided")}</span>}
            <span>{label}</span>
          </li>
        ))}
      </ul>
      <p className="face-review__score">
        {_("faceReview.score", {
          score: percent(review.score),
          match: percent(review.thresholds.match),
          review: percent(review.thresholds.review),
        })}
      </p>
      {review.status === "pending" ? (
        <>
          <p className="page__note">{_("faceReview.waiting")}</p>
          <div className="face-review__actions">
            <Button variant="danger" onClick={() => setConfirming("refused")}>
              {_("faceReview.refuse")}
            </Button>
            <Button onClick={() => setConfirming("approved")}>{_("faceReview.approve")}</Button>
          </div>
        </>
      ) : (
        <p className="face-review__decided" role="status">
          {_(`faceReview.${review.status}.done`)}
        </p>
      )}
      {error ? <p className="page__error">{error}</p> : null}
      <ConfirmDialog
        open={confirming !== null}
        title={_(confirming === "refused" ? "faceReview.refuse" : "faceReview.approve")}
        message={_(
          confirming === "refused" ? "faceReview.refuse.confirm" : "faceReview.approve.confirm",
        )}
        confirmLabel={_(confirming === "refused" ? "faceReview.refuse" : "faceReview.approve")}
        cancelLabel={_("common.cancel")}
        destructive={confirming === "refused"}
        confirming={decide.isPending}
        onConfirm={() => {
          if (confirming) void submit(confirming);
        }}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}
