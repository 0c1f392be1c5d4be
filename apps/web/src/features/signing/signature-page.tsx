import { SignaturePad } from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useAtom } from "jotai";
import { useBack } from "../../session/use-back";
import { pendingSignatureAtom } from "./pending-signature";

/**
 * The signature canvas: back, clear, undo, save (docs/screens.md#signing-pages). Save returns to the sign page. The
 * drawing area is wider than tall in either orientation, and turning the phone redraws the same
 * strokes (the pad keeps them as data). 'No signature detected' is the pad's own message, once.
 */
export function SignaturePage({ code }: { code: string }) {
  const { _ } = useLingui();
  const back = useBack();
  const [pending, setPending] = useAtom(pendingSignatureAtom);
  const previous = pending?.code === code ? pending.data : undefined;
  return (
    <div className="signature-page">
      <h1 className="cy-visually-hidden">{_("sign.borrowerSignature")}</h1>
      <SignaturePad
        className="signature-page__pad"
        shape="landscape"
        {...(previous ? { initialData: previous } : {})}
        exportBackground="#ffffff"
        onBack={back}
        onSave={(result) => {
          setPending({ code, dataUrl: result.dataUrl, data: result.data, justSaved: true });
          back();
        }}
        labels={{
          back: _("common.back"),
          clear: _("signature.clear"),
          undo: _("signature.undo"),
          save: _("signature.save"),
          hint: _("signature.hint"),
          area: _("signature.area"),
          empty: _("signature.empty"),
          incomplete: _("signature.incomplete"),
        }}
      />
      <p className="signature-page__note">{_("signature.rotateNote")}</p>
    </div>
  );
}
