import type { ButtonHTMLAttributes, ReactNode } from "react";
import { classNames } from "../class-names";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Visual weight: one primary action per screen. */
  variant?: ButtonVariant;
  /** `lg` for the main action at the bottom of a form. */
  size?: "md" | "lg";
  /** Stretch to the container's width (mobile forms). */
  block?: boolean;
  /** Shows a spinner, sets aria-busy and ignores presses until the work is done. */
  loading?: boolean;
  /** Icon before the label; decorative. */
  icon?: ReactNode;
}

export function Button({
  variant = "primary",
  size = "md",
  block = false,
  loading = false,
  icon,
  type = "button",
  disabled,
  className,
  children,
  onClick,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={classNames(
        "cy-button",
        `cy-button--${variant}`,
        `cy-button--${size}`,
        block && "cy-button--block",
        loading && "cy-button--loading",
        className,
      )}
      disabled={disabled}
      aria-busy={loading || undefined}
      aria-disabled={loading || undefined}
      onClick={(event) => {
        // A loading button keeps its focus (unlike `disabled`) but must not submit twice.
        if (loading) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    >
      {loading ? <span className="cy-button__spinner" aria-hidden="true" /> : null}
      {!loading && icon ? (
        <span className="cy-button__icon" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <span className="cy-button__label">{children}</span>
    </button>
  );
}
