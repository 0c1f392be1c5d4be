import type { ReactNode } from "react";
import { classNames } from "../class-names";
import { useUiText } from "../i18n/use-ui-text";

export interface StepIndicatorProps {
  /** Index of the current step, from 0. */
  current: number;
  /** Step names; defaults to the verification flow: 1 face check, 2 ID card. */
  steps?: ReadonlyArray<ReactNode>;
  /** Names the list for screen readers. */
  label?: string;
  className?: string;
}

/** Where the borrower is in the verification flow (docs/screens.md#verification-flow: 1 face check, 2 ID card). */
export function StepIndicator({ current, steps, label, className }: StepIndicatorProps) {
  const t = useUiText();
  const names = steps ?? [t("verify.step.face"), t("verify.step.idCard")];
  return (
    <ol className={classNames("cy-steps", className)} aria-label={label}>
      {names.map((name, index) => {
        const state = index < current ? "done" : index === current ? "current" : "todo";
        return (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: steps are a fixed ordered list
            key={index}
            className={classNames("cy-steps__step", `cy-steps__step--${state}`)}
            aria-current={state === "current" ? "step" : undefined}
          >
            <span className="cy-steps__number" aria-hidden="true">
              {state === "done" ? "✓" : index + 1}
            </span>
            <span className="cy-steps__name">{name}</span>
          </li>
        );
      })}
    </ol>
  );
}
