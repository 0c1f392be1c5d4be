import { translate } from "@chayong/i18n";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Button } from "../button/button";
import { CameraFrame } from "../camera-frame/camera-frame";
import { ImageUploadTile } from "../image-upload-tile/image-upload-tile";
import { PageHeader } from "../page-header/page-header";
import { StepIndicator } from "../step-indicator/step-indicator";
import { sampleCameraView, sampleIdCardImage } from "../story-fixtures/images";
import { TextField } from "../text-field/text-field";
import {
  markets,
  note,
  pageBody,
  panel,
  Screen,
  sectionTitle,
  useScreenText,
} from "./screen-fixtures";

/** The borrower's identity check: step 1 the face, step 2 the ID card and its details. */
function VerificationScreen({ step = "idCard" }: { step?: "face" | "idCard" }) {
  const { t, locale } = useScreenText();
  const market = markets[locale];
  if (step === "face") {
    return (
      <Screen>
        <PageHeader title={t("verify.face.title")} onBack={() => undefined} />
        <div style={pageBody}>
          <StepIndicator current={0} label={t("verify.steps")} />
          <CameraFrame>
            <img src={sampleCameraView} alt="" />
          </CameraFrame>
          <Button size="lg" block>
            {t("verify.face.start")}
          </Button>
        </div>
      </Screen>
    );
  }
  return (
    <Screen>
      <PageHeader title={t("idCard.title")} onBack={() => undefined} />
      <form style={pageBody} noValidate onSubmit={(event) => event.preventDefault()}>
        <StepIndicator current={1} label={t("verify.steps")} />
        <section style={panel} aria-labelledby="verify-photos-title">
          <h2 id="verify-photos-title" style={sectionTitle}>
            {t("idCard.photos")}
          </h2>
          <p style={note}>{t("idCard.photosHint")}</p>
          <div style={{ display: "grid", gridTemplateColumns: "1fr 1fr", gap: 12 }}>
            <ImageUploadTile
              kind="front"
              state={{ status: "done" }}
              previewUrl={sampleIdCardImage}
              onSelect={() => undefined}
            />
            <ImageUploadTile
              kind="back"
              state={{ status: "uploading", progress: 60 }}
              previewUrl={sampleIdCardImage}
              onSelect={() => undefined}
            />
            <ImageUploadTile
              kind="holding"
              state={{ status: "empty" }}
              onSelect={() => undefined}
            />
          </div>
        </section>
        <section style={panel} aria-labelledby="verify-details-title">
          <h2 id="verify-details-title" style={sectionTitle}>
            {t("idCard.personalDetails")}
          </h2>
          <p style={note}>{t("idCard.reviewHint")}</p>
          <TextField label={t("identity.name")} required defaultValue={market.borrower} />
          <TextField
            label={t("identity.idNumber")}
            required
            autoComplete="off"
            defaultValue={market.idNumber}
          />
          <TextField label={t("identity.address")} required defaultValue={market.address} />
        </section>
        <Button type="submit" size="lg" block>
          {t("common.submit")}
        </Button>
      </form>
    </Screen>
  );
}

const meta = {
  title: "Screens/Verification",
  component: VerificationScreen,
  parameters: {
    docs: {
      description: {
        component:
          "The borrower's identity check before signing: the face (step 1), then the ID card photos and the recognised details to review (step 2). Composed from PageHeader, StepIndicator, CameraFrame, ImageUploadTile, TextField and Button.",
      },
    },
  },
} satisfies Meta<typeof VerificationScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const IdCardKorean: Story = {
  name: "ID card (Korean)",
  globals: { locale: "ko-KR" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole("heading", { level: 1, name: translate("idCard.title", "ko-KR") }),
    ).toBeVisible();
    await expect(canvas.getByRole("textbox", { name: /이름/ })).toHaveValue("김민수");
  },
};
export const IdCardTraditionalChinese: Story = {
  name: "ID card (Traditional Chinese)",
  globals: { locale: "zh-TW" },
};
export const FaceKorean: Story = {
  name: "Face (Korean)",
  globals: { locale: "ko-KR" },
  args: { step: "face" },
};
export const FaceTraditionalChinese: Story = {
  name: "Face (Traditional Chinese)",
  globals: { locale: "zh-TW" },
  args: { step: "face" },
};
