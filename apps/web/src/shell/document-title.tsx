import { useLingui } from "@lingui/react";
import { useMatches } from "@tanstack/react-router";
import { useEffect } from "react";

/** The page title: the deepest route's title id, else the app's; translated again on change. */
export function DocumentTitle() {
  const { _ } = useLingui();
  const titleId = useMatches({
    select: (matches) =>
      matches.findLast((match) => match.staticData?.titleId)?.staticData.titleId ?? "app.title",
  });
  const title = _(titleId);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
