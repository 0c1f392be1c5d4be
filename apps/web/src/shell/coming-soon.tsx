import { EmptyState, PageHeader } from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useBack } from "../session/use-back";

/** Pages whose feature lands in a later issue: a title, a back button and 'coming'. */
export function ComingSoon({ titleId }: { titleId: string }) {
  const { _ } = useLingui();
  const back = useBack();
  return (
    <>
      <PageHeader title={_(titleId)} onBack={back} />
      <div className="page">
        <EmptyState title={_("common.comingSoon")} />
      </div>
    </>
  );
}
