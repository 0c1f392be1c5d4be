import { Button, EmptyState, PageHeader } from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useNavigate } from "@tanstack/react-router";
import { useBack } from "../session/use-back";

/** Any address the app does not know (a mistyped or outdated link): say so, and offer the way home. */
export function NotFoundPage() {
  const { _ } = useLingui();
  const back = useBack();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={_("notFound.title")} onBack={back} />
      <div className="page">
        <EmptyState
          title={_("notFound.message")}
          action={
            <Button onClick={() => void navigate({ to: "/pages/order/index", replace: true })}>
              {_("notFound.home")}
            </Button>
          }
        />
      </div>
    </>
  );
}
