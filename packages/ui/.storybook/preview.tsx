import type { Decorator, Preview } from "@storybook/react-vite";
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

const withAppRoot: Decorator = (Story, context) => {
  const locale = (context.globals.locale as string | undefined) ?? "ko-KR";
  return (
    <div className="cy-root sb-chayong-root" lang={locale}>
      <Story />
    </div>
  );
};

const preview: Preview = {
  decorators: [withAppRoot],
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
    a11y: { test: "todo" },
    controls: { expanded: true },
  },
};

export default preview;
