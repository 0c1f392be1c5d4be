import type { ReactNode } from "react";
import { classNames } from "../class-names";

export interface TabBarItem<Key extends string = string> {
  key: Key;
  /** Passed in by the app, translated ('주문 내역' / '내 정보'). */
  label: ReactNode;
  /** Decorative icon; the label names the tab. */
  icon?: ReactNode;
  /** Renders the tab as a link (hash routes) instead of a button. */
  href?: string;
}

export interface TabBarProps<Key extends string = string> {
  /** The tabs, in order (docs/screens.md#tab-bar: order list, then me). */
  items: ReadonlyArray<TabBarItem<Key>>;
  /** The current page's tab (aria-current). */
  selectedKey: Key;
  /** Called with the tapped tab's key (button tabs; link tabs navigate themselves). */
  onSelect?: (key: Key) => void;
  /** Names the navigation landmark. */
  label?: string;
  /** `fixed` sticks to the bottom edge (the app pads its content by --cy-tab-bar-height). */
  placement?: "fixed" | "static";
  className?: string;
}

/**
 * The app's bottom navigation: order list, then me (docs/screens.md#tab-bar). Colours from the spec: #A4B8D2,
 * selected #100F16. The current tab is marked with aria-current="page".
 */
export function TabBar<Key extends string = string>({
  items,
  selectedKey,
  onSelect,
  label,
  placement = "fixed",
  className,
}: TabBarProps<Key>) {
  return (
    <nav
      className={classNames("cy-tab-bar", `cy-tab-bar--${placement}`, className)}
      aria-label={label}
    >
      <ul className="cy-tab-bar__list">
        {items.map((item) => {
          const selected = item.key === selectedKey;
          const content = (
            <>
              {item.icon ? (
                <span className="cy-tab-bar__icon" aria-hidden="true">
                  {item.icon}
                </span>
              ) : null}
              <span className="cy-tab-bar__label">{item.label}</span>
            </>
          );
          const itemClass = classNames(
            "cy-tab-bar__item",
            selected && "cy-tab-bar__item--selected",
          );
          return (
            <li key={item.key} className="cy-tab-bar__cell">
              {item.href ? (
                <a
                  className={itemClass}
                  href={item.href}
                  aria-current={selected ? "page" : undefined}
                  onClick={() => onSelect?.(item.key)}
                >
                  {content}
                </a>
              ) : (
                <button
                  type="button"
                  className={itemClass}
                  aria-current={selected ? "page" : undefined}
                  onClick={() => onSelect?.(item.key)}
                >
                  {content}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
