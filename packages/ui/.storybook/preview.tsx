import { i18n, isLocale } from "@chayong/i18n";
import { I18nProvider } from "@lingui/react";
import type { Decorator, Preview } from "@storybook/react-vite";
import "../src/fonts.css";
import "../src/styles.css";
import "./preview.css";

/** Phones the product is designed for (360-430 CSS px wide). */
const phoneViewports = {
  phone360: {
    name: "Phone 360 (Galaxy S)",
    styles: { width: "360px", height: "780px" },
    type: "mobile",
  },
  phone390: {
    name: "Phone 390 (iPhone 14/15)",
    styles: { width: "390px", height: "844px" },
    type: "mobile",
  },
  phone430: {
    name: "Phone 430 (iPhone Pro Max)",
    styles: { width: "430px", height: "932px" },
    type: "mobile",
  },
} as const;

/** The app's shared lingui instance, switched by the toolbar's Locale menu. */
const withLocale: Decorator = (Story, context) => {
  const requested = context.globals.locale;
  const locale = isLocale(requested) ? requested : "ko-KR";
  if (i18n.locale !== locale) {
    i18n.activate(locale);
  }
  document.documentElement.lang = locale;
  return (
    <I18nProvider i18n={i18n}>
      <div className="cy-root sb-chayong-root" lang={locale}>
        <Story />
      </div>
    </I18nProvider>
  );
};

const preview: Preview = {
  // A docs page per component (props from react-docgen, the meta's do / don't description).
  // Rendering it needs @storybook/addon-docs in main.ts's addons (see README "Docs pages").
  tags: ["autodocs"],
  decorators: [withLocale],
  globalTypes: {
    locale: {
      description: "Language of the kit's built-in texts",
      toolbar: {
        title: "Locale",
        icon: "globe",
        items: [
          { value: "ko-KR", title: "한국어 (ko-KR)" },
          { value: "zh-TW", title: "繁體中文 (zh-TW)" },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: {
    locale: "ko-KR",
    viewport: { value: "phone390", isRotated: false },
  },
  parameters: {
    layout: "fullscreen",
    viewport: { options: phoneViewports },
    // The a11y panel shows results; the failing gate is scripts/check-stories.ts (serious/critical).
    a11y: { test: "todo" },
    controls: { expanded: true },
    // Designers start from the tokens and the whole screens, then the components by family.
    options: { storySort: { order: ["Foundations", "Screens", "*"] } },
  },
};

export default preview;
