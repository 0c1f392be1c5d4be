import { useLingui } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { contractDocumentQuery } from "../../data/api-query";
import { screenMessage } from "../../session/screen-message";

const knownHeights = new Map<string, number>();

/**
 * The contract document as the server renders it (raw HTML), shown in a sandboxed frame: no
 * script in it can run, and it cannot touch the app. Its height follows its content.
 * Signing reads it again (src/data/invalidations.ts), so it shows the signature and its hash.
 */
export function ContractDocument({
  id,
  onReady,
}: {
  id: string;
  /** The document is laid out at its full height (what follows it has stopped moving). */
  onReady?: () => void;
}) {
  const { _, i18n } = useLingui();
  // The height it had last time, so coming back to the page does not shift what follows it.
  const [height, setHeight] = useState(() => knownHeights.get(id) ?? 480);
  // The server writes the document in the reader's language: read again when it changes (the
  // same document in the earlier language stays until then).
  const documentHtml = useQuery({
    ...contractDocumentQuery(id, i18n.locale),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1]?.id === id ? previous : undefined,
  });
  const srcDoc = documentHtml.data;
  if (documentHtml.isError && !srcDoc) {
    return (
      <p className="page__error">{screenMessage(documentHtml.error, _, "contract.notFound")}</p>
    );
  }
  if (!srcDoc) return <p className="page__note">{_("common.loading")}</p>;
  return (
    <iframe
      className="contract-document"
      title={_("document.title")}
      sandbox="allow-same-origin"
      srcDoc={srcDoc}
      style={{ height }}
      onLoad={(event) => {
        const body = event.currentTarget.contentDocument?.documentElement;
        if (body) {
          const laidOut = Math.max(200, body.scrollHeight + 8);
          knownHeights.set(id, laidOut);
          setHeight(laidOut);
        }
        onReady?.();
      }}
    />
  );
}
