import type { ReactNode } from "react";
import { classNames } from "../class-names";
import { useUiText } from "../i18n/use-ui-text";

export interface PageHeaderProps {
  /** The page's name (an h1), centred. */
  title: ReactNode;
  /** Shows the back button; the app decides where back goes (history, or the order list). */
  onBack?: () => void;
  /** Accessible name of the back button; defaults to the translated 'back'. */
  backLabel?: string;
  /** Buttons at the right end. */
  actions?: ReactNode;
  /** `sticky` keeps it at the top while the page scrolls. */
  sticky?: boolean;
  className?: string;
}

/** The top bar of a page: back, title, actions; clears the notch with the safe-area inset. */
export function PageHeader({
  title,
  onBack,
  backLabel,
  actions,
  sticky = true,
  className,
}: PageHeaderProps) {
  const t = useUiText();
  return (
    <header className={classNames("cy-page-header", sticky && "cy-page-header--sticky", className)}>
      <div className="cy-page-header__side">
        {onBack ? (
          <button
            type="button"
            className="cy-page-header__back"
            onClick={onBack}
            aria-label={backLabel ?? t("common.back")}
          >
            <span className="cy-page-header__chevron" aria-hidden="true" />
          </button>
        ) : null}
      </div>
      <h1 className="cy-page-header__title">{title}</h1>
      <div className="cy-page-header__side cy-page-header__side--end">{actions}</div>
    </header>
  );
}
