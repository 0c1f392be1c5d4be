import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";

export type StepState = "done" | "current" | "todo";

export interface HomeStep {
  id: "login" | "verify" | "sign";
  state: StepState;
  /** The step's next action (e.g. 'start verification'), shown on the current step. */
  action?: ReactNode;
}

/** The borrower's three steps, each with its picture: log in, verify, sign (docs/screens.md). */
export function HomeSteps({ steps }: { steps: readonly HomeStep[] }) {
  const { _ } = useLingui();
  return (
    <section className="home-steps" aria-labelledby="home-steps-title">
      <h2 className="page__section-title" id="home-steps-title">
        {_("home.steps.title")}
      </h2>
      <ol className="home-steps__list">
        {steps.map((step, index) => (
          <li key={step.id} className={`home-step home-step--${step.state}`}>
            <span className="home-step__icon" aria-hidden="true">
              {step.state === "done" ? <DoneIcon /> : stepIcons[step.id]}
            </span>
            <div className="home-step__body">
              <p className="home-step__title">
                <span className="home-step__number">{index + 1}</span>
                {_(`home.step.${step.id}`)}
                {step.state === "done" ? (
                  <span className="home-step__badge">{_("home.step.done")}</span>
                ) : null}
              </p>
              <p className="home-step__text">{_(`home.step.${step.id}.text`)}</p>
              {step.state === "current" && step.action ? (
                <div className="home-step__action">{step.action}</div>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

const iconProps = {
  viewBox: "0 0 24 24",
  width: 28,
  height: 28,
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 1.8,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

const stepIcons: Record<HomeStep["id"], ReactNode> = {
  // A phone with a message bubble: log in with the phone number and a text-message code.
  login: (
    <svg aria-hidden="true" {...iconProps}>
      <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
      <path d="M10 18.5h4M9 8.5h6M9 11.5h4" />
    </svg>
  ),
  // A face in a frame: the face check and the ID card.
  verify: (
    <svg aria-hidden="true" {...iconProps}>
      <path d="M4 8V5.5A1.5 1.5 0 0 1 5.5 4H8M16 4h2.5A1.5 1.5 0 0 1 20 5.5V8M20 16v2.5a1.5 1.5 0 0 1-1.5 1.5H16M8 20H5.5A1.5 1.5 0 0 1 4 18.5V16" />
      <circle cx="12" cy="10.5" r="3" />
      <path d="M7.5 17.5c1-2 2.6-3 4.5-3s3.5 1 4.5 3" />
    </svg>
  ),
  // A pen over a line: the handwritten signature.
  sign: (
    <svg aria-hidden="true" {...iconProps}>
      <path d="M14.5 4.5l5 5L9 20H4v-5z" />
      <path d="M12.5 6.5l5 5" />
    </svg>
  ),
};

function DoneIcon() {
  return (
    <svg aria-hidden="true" {...iconProps}>
      <circle cx="12" cy="12" r="9" />
      <path d="M8 12.5l2.8 2.8L16.5 9.5" />
    </svg>
  );
}
