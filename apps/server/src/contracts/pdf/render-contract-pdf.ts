import { PDFDocument, type PDFImage, type PDFPage, rgb } from "pdf-lib";
import type { Locale } from "../../messages/message-for";
import type { ContractDocumentContent, DocumentField } from "../contract-document-content";
import { addSignaturePlaceholder, type SignatureFields } from "../seal/sign-pdf";
import type { SigningCertificate } from "../seal/signing-certificate";
import { cachingFontkit, type PdfFontWeight } from "./pdf-fonts";
import { PdfFonts, wrapText } from "./pdf-text";

/** One line of the audit page: when (already in the lender's time zone), who, what. */
export interface AuditLine {
  time: string;
  actor: string;
  action: string;
}

export interface ContractPdfInput {
  content: ContractDocumentContent;
  /** The signature as the document shows it (cropped to its ink), PNG. */
  signaturePng: Uint8Array;
  signedAt: Date;
  termsSha256: string;
  /** The contract's lender: the PDF's author. */
  author: string;
  audit: {
    title: string;
    intro: string;
    timeZone: string;
    columns: [time: string, actor: string, action: string];
    lines: AuditLine[];
    /** Lines under the intro: the audit chain's head at sealing, where to verify the PDF. */
    notes: string[];
  };
  /** The signature dictionary of a sealed PDF; its thread signs it after the render. */
  seal: { fields: SignatureFields; certificate: SigningCertificate } | null;
  /** The closing note under the signature (pdf.sealed). */
  sealNote: string;
  /**
   * The page label with the placeholders `{page}` and `{pages}` left in (pdf.page): a template,
   * not a function, so the input crosses to the rendering thread as plain data.
   */
  pageLabel: string;
  producer: string;
}

// A4 in points, with the margins of a printed contract.
const pageSize: [number, number] = [595.28, 841.89];
const margin = { top: 56, bottom: 64, side: 52 };
const contentWidth = pageSize[0] - 2 * margin.side;

const colours = {
  ink: rgb(0x10 / 255, 0x0f / 255, 0x16 / 255),
  muted: rgb(0x4a / 255, 0x4a / 255, 0x57 / 255),
  rule: rgb(0xa4 / 255, 0xb8 / 255, 0xd2 / 255),
  band: rgb(0xf2 / 255, 0xf5 / 255, 0xfa / 255),
  warning: rgb(0xb0 / 255, 0x00 / 255, 0x20 / 255),
};

interface Style {
  size: number;
  weight: PdfFontWeight;
  colour?: ReturnType<typeof rgb>;
}

const styles = {
  title: { size: 20, weight: "bold" },
  name: { size: 13, weight: "bold" },
  heading: { size: 12, weight: "bold" },
  label: { size: 9.5, weight: "regular", colour: colours.muted },
  value: { size: 10, weight: "regular" },
  strong: { size: 10, weight: "bold" },
  hash: { size: 8.5, weight: "regular" },
  note: { size: 8.5, weight: "regular", colour: colours.muted },
} satisfies Record<string, Style>;

const lineGap = 1.45;

/**
 * The signed contract as a PDF, in the manner of a sealed document (docs/contract-pdf.md): the
 * contract's text exactly as the document view words it, the signature with its time and the
 * SHA-256 of the signed terms, then a page recording every action on the contract. A4, the app's
 * fonts embedded and subset, page numbers and the contract number on every page.
 */
export async function renderContractPdf(input: ContractPdfInput): Promise<Uint8Array> {
  const { content } = input;
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(cachingFontkit);
  const fonts = new PdfFonts(doc, content.locale);
  const texts = documentTexts(input);
  await fonts.prepare(texts.regular, "regular");
  await fonts.prepare(texts.bold, "bold");
  const signature = await doc.embedPng(input.signaturePng);

  const writer = new PageWriter(doc, fonts);
  writeContract(writer, input, signature);
  writer.newPage();
  writeAudit(writer, input);
  writer.finish(content.number.value, input.pageLabel);

  const title = `${content.title} · ${content.name}`;
  doc.setTitle(title, { showInWindowTitleBar: true });
  doc.setAuthor(input.author);
  doc.setSubject(`${content.number.label} ${content.number.value}`);
  doc.setKeywords([content.number.value, `SHA-256 ${input.termsSha256}`]);
  doc.setCreator(input.producer);
  doc.setProducer(input.producer);
  doc.setLanguage(content.locale);
  // The document is the one signed then: its dates are the signing time, whenever it is fetched.
  doc.setCreationDate(input.signedAt);
  doc.setModificationDate(input.signedAt);
  if (input.seal !== null) addSignaturePlaceholder(doc, input.seal.fields);
  return doc.save();
}

/** The page label template with its numbers filled in. */
export function pageLabelOf(template: string, page: number, pages: number): string {
  return template.replaceAll("{page}", String(page)).replaceAll("{pages}", String(pages));
}

/** Every text the PDF draws, by weight, so each font it needs is embedded before layout. */
function documentTexts({ content, audit, sealNote, pageLabel }: ContractPdfInput) {
  const sections = [content.parties, content.terms, content.costOfCredit];
  const fieldTexts = (fields: DocumentField[]) =>
    fields.flatMap((field) => [field.label, field.value]);
  const regular = [
    content.number.label,
    content.number.value,
    ...sections.flatMap((section) => fieldTexts(section.fields)),
    content.costOfCredit.explanation,
    ...content.schedule.rows.flat(),
    ...fieldTexts(content.signature.fields),
    sealNote,
    audit.intro,
    audit.timeZone,
    ...audit.notes,
    ...audit.lines.flatMap((line) => [line.time, line.actor, line.action]),
    pageLabelOf(pageLabel, 1234567890, 1234567890),
    "?",
  ];
  const bold = [
    content.title,
    content.name,
    content.cancelled ?? "",
    ...sections.map((section) => section.title),
    content.schedule.title,
    ...content.schedule.columns,
    content.schedule.total.label,
    content.schedule.total.value,
    content.signature.title,
    ...sections.flatMap((section) => fieldTexts(section.fields)),
    content.number.value,
    audit.title,
    ...audit.columns,
    "?",
  ];
  return { regular, bold };
}

/** Draws top to bottom, starting a new page when the next block does not fit. */
class PageWriter {
  readonly pages: PDFPage[] = [];
  private page!: PDFPage;
  /** The baseline area's top: where the next block starts. */
  y = 0;

  private readonly doc: PDFDocument;
  readonly fonts: PdfFonts;

  constructor(doc: PDFDocument, fonts: PdfFonts) {
    this.doc = doc;
    this.fonts = fonts;
    this.newPage();
  }

  newPage(): void {
    this.page = this.doc.addPage(pageSize);
    this.pages.push(this.page);
    this.y = pageSize[1] - margin.top;
  }

  /** Starts a new page unless `height` still fits on this one. */
  ensure(height: number): boolean {
    if (this.y - height >= margin.bottom) return false;
    this.newPage();
    return true;
  }

  lines(text: string, style: Style, width: number): string[] {
    return wrapText(text, width, (line) => this.fonts.width(line, style.weight, style.size));
  }

  lineHeight(style: Style): number {
    return style.size * lineGap;
  }

  /** One line of text at (x, baseline), its runs font by font. */
  drawLine(text: string, x: number, baseline: number, style: Style): void {
    let cursor = x;
    for (const run of this.fonts.runs(text, style.weight)) {
      this.page.drawText(run.text, {
        x: cursor,
        y: baseline,
        size: style.size,
        font: run.font,
        color: style.colour ?? colours.ink,
      });
      cursor += this.fonts.width(run.text, style.weight, style.size);
    }
  }

  /** A wrapped paragraph at the cursor; moves the cursor below it. */
  paragraph(text: string, style: Style, options: { x?: number; width?: number } = {}): void {
    const x = options.x ?? margin.side;
    const width = options.width ?? contentWidth;
    for (const line of this.lines(text, style, width)) {
      this.ensure(this.lineHeight(style));
      this.drawLine(line, x, this.y - style.size, style);
      this.y -= this.lineHeight(style);
    }
  }

  gap(points: number): void {
    this.y -= points;
  }

  rule(colour = colours.rule, thickness = 0.8): void {
    this.page.drawLine({
      start: { x: margin.side, y: this.y },
      end: { x: pageSize[0] - margin.side, y: this.y },
      thickness,
      color: colour,
    });
  }

  /** A section title with its rule; kept with at least `keepWith` points of what follows. */
  heading(text: string, keepWith = 40): void {
    this.ensure(this.lineHeight(styles.heading) + 10 + keepWith);
    this.gap(8);
    this.paragraph(text, styles.heading);
    this.gap(1);
    this.rule();
    this.gap(6);
  }

  /**
   * One row of columns, each wrapped in its width; the row moves to a new page whole. `align`
   * `end` right-aligns a column (amounts).
   */
  row(
    cells: { text: string; style: Style; width: number; align?: "start" | "end" }[],
    options: { band?: boolean; onNewPage?: () => void } = {},
  ): void {
    const padding = 3;
    const wrapped = cells.map((cell) =>
      this.lines(cell.text, cell.style, cell.width - 2 * padding),
    );
    const height =
      Math.max(
        ...wrapped.map(
          (lines, i) => lines.length * this.lineHeight(cells[i]?.style ?? styles.value),
        ),
      ) +
      2 * padding;
    if (this.ensure(height)) options.onNewPage?.();
    if (options.band) {
      this.page.drawRectangle({
        x: margin.side,
        y: this.y - height,
        width: cells.reduce((sum, cell) => sum + cell.width, 0),
        height,
        color: colours.band,
      });
    }
    let x = margin.side;
    cells.forEach((cell, i) => {
      let baseline = this.y - padding - cell.style.size;
      for (const line of wrapped[i] ?? []) {
        const lineX =
          cell.align === "end"
            ? x + cell.width - padding - this.fonts.width(line, cell.style.weight, cell.style.size)
            : x + padding;
        this.drawLine(line, lineX, baseline, cell.style);
        baseline -= this.lineHeight(cell.style);
      }
      x += cell.width;
    });
    this.y -= height;
  }

  image(image: PDFImage, maxWidth: number, maxHeight: number): void {
    const scale = Math.min(maxWidth / image.width, maxHeight / image.height, 1);
    const width = image.width * scale;
    const height = image.height * scale;
    const frame = 8;
    this.ensure(height + 2 * frame);
    this.page.drawRectangle({
      x: margin.side,
      y: this.y - height - 2 * frame,
      width: width + 2 * frame,
      height: height + 2 * frame,
      borderColor: colours.rule,
      borderWidth: 0.8,
    });
    this.page.drawImage(image, {
      x: margin.side + frame,
      y: this.y - height - frame,
      width,
      height,
    });
    this.y -= height + 2 * frame;
  }

  /** The footer of every page: the contract number and `page x of y`. */
  finish(number: string, pageLabel: string): void {
    const total = this.pages.length;
    this.pages.forEach((page, i) => {
      this.page = page;
      const baseline = margin.bottom - 28;
      page.drawLine({
        start: { x: margin.side, y: baseline + 14 },
        end: { x: pageSize[0] - margin.side, y: baseline + 14 },
        thickness: 0.5,
        color: colours.rule,
      });
      this.drawLine(number, margin.side, baseline, styles.note);
      const label = pageLabelOf(pageLabel, i + 1, total);
      const width = this.fonts.width(label, styles.note.weight, styles.note.size);
      this.drawLine(label, pageSize[0] - margin.side - width, baseline, styles.note);
    });
  }
}

const labelWidth = contentWidth * 0.38;

function fieldRows(writer: PageWriter, fields: DocumentField[]): void {
  for (const field of fields) {
    const valueStyle =
      field.emphasis === "strong"
        ? styles.strong
        : field.emphasis === "code"
          ? styles.hash
          : styles.value;
    writer.row([
      { text: field.label, style: styles.label, width: labelWidth },
      { text: field.value, style: valueStyle, width: contentWidth - labelWidth },
    ]);
  }
}

function writeContract(writer: PageWriter, input: ContractPdfInput, signature: PDFImage): void {
  const { content } = input;
  writer.paragraph(content.title, styles.title);
  writer.gap(2);
  writer.paragraph(content.name, styles.name);
  writer.gap(2);
  writer.paragraph(`${content.number.label} ${content.number.value}`, styles.label);
  if (content.cancelled !== null) {
    writer.gap(4);
    writer.paragraph(content.cancelled, { ...styles.heading, colour: colours.warning });
  }
  writer.gap(6);

  for (const section of [content.parties, content.terms]) {
    writer.heading(section.title);
    fieldRows(writer, section.fields);
  }
  writer.heading(content.costOfCredit.title);
  fieldRows(writer, content.costOfCredit.fields);
  writer.gap(3);
  writer.paragraph(content.costOfCredit.explanation, styles.note);

  const { schedule } = content;
  const widths = [contentWidth * 0.18, contentWidth * 0.42, contentWidth * 0.4];
  const header = () =>
    writer.row(
      schedule.columns.map((text, i) => ({
        text,
        style: styles.strong,
        width: widths[i] ?? 0,
        align: i === 2 ? ("end" as const) : ("start" as const),
      })),
      { band: true },
    );
  writer.heading(schedule.title, 60);
  header();
  for (const cells of schedule.rows) {
    writer.row(
      cells.map((text, i) => ({
        text,
        style: styles.value,
        width: widths[i] ?? 0,
        align: i === 2 ? ("end" as const) : ("start" as const),
      })),
      { onNewPage: header },
    );
  }
  writer.row(
    [
      {
        text: schedule.total.label,
        style: styles.strong,
        width: (widths[0] ?? 0) + (widths[1] ?? 0),
      },
      { text: schedule.total.value, style: styles.strong, width: widths[2] ?? 0, align: "end" },
    ],
    { band: true },
  );

  writer.heading(content.signature.title, 150);
  writer.image(signature, 260, 110);
  writer.gap(6);
  fieldRows(writer, content.signature.fields);
  writer.gap(10);
  writer.paragraph(input.sealNote, styles.note);
}

function writeAudit(writer: PageWriter, { audit }: ContractPdfInput): void {
  writer.paragraph(audit.title, styles.title);
  writer.gap(4);
  writer.paragraph(audit.intro, styles.label);
  writer.paragraph(audit.timeZone, styles.label);
  for (const note of audit.notes) writer.paragraph(note, styles.label);
  writer.gap(10);
  const widths = [contentWidth * 0.34, contentWidth * 0.22, contentWidth * 0.44];
  const header = () =>
    writer.row(
      audit.columns.map((text, i) => ({ text, style: styles.strong, width: widths[i] ?? 0 })),
      { band: true },
    );
  header();
  for (const line of audit.lines) {
    writer.row(
      [line.time, line.actor, line.action].map((text, i) => ({
        text,
        style: i === 2 && /[0-9a-f]{64}/.test(text) ? styles.hash : styles.value,
        width: widths[i] ?? 0,
      })),
      { onNewPage: header },
    );
  }
}

/**
 * A ledger statement (docs/contract-pdf.md, "The ledger statement"): the contract it belongs to,
 * the money events recorded so far and each instalment's balance on `asOf`. Worded by the
 * caller; laid out here like the contract, and signed by the PDF thread like it.
 */
export interface StatementPdfInput {
  locale: Locale;
  title: string;
  /** The contract's name. */
  name: string;
  number: { label: string; value: string };
  /** The parties, the day, the sealed contract's hash, the audit chain's head. */
  fields: DocumentField[];
  entries: { title: string; columns: string[]; rows: string[][]; empty: string };
  balances: { title: string; columns: string[]; rows: string[][] };
  note: string;
  issuedAt: Date;
  author: string;
  pageLabel: string;
  producer: string;
  seal: { fields: SignatureFields; certificate: SigningCertificate };
}

export async function renderStatementPdf(input: StatementPdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(cachingFontkit);
  const fonts = new PdfFonts(doc, input.locale);
  const regular = [
    input.number.label,
    input.number.value,
    ...input.fields.flatMap((field) => [field.label, field.value]),
    ...input.entries.rows.flat(),
    input.entries.empty,
    ...input.balances.rows.flat(),
    input.note,
    pageLabelOf(input.pageLabel, 1234567890, 1234567890),
    "?",
  ];
  const bold = [
    input.title,
    input.name,
    input.entries.title,
    ...input.entries.columns,
    input.balances.title,
    ...input.balances.columns,
    input.number.value,
    "?",
  ];
  await fonts.prepare(regular, "regular");
  await fonts.prepare(bold, "bold");

  const writer = new PageWriter(doc, fonts);
  writer.paragraph(input.title, styles.title);
  writer.gap(4);
  writer.paragraph(input.name, styles.name);
  writer.paragraph(`${input.number.label} ${input.number.value}`, styles.label);
  writer.gap(8);
  fieldRows(writer, input.fields);
  const table = (part: { title: string; columns: string[]; rows: string[][] }, empty?: string) => {
    writer.heading(part.title);
    const width = contentWidth / part.columns.length;
    // The amounts, every column after the first two, end-aligned with their headers.
    const align = (i: number) => (i >= 2 ? ("end" as const) : ("start" as const));
    const header = () =>
      writer.row(
        part.columns.map((text, i) => ({ text, style: styles.strong, width, align: align(i) })),
        { band: true },
      );
    header();
    if (part.rows.length === 0 && empty !== undefined) writer.paragraph(empty, styles.label);
    for (const row of part.rows) {
      writer.row(
        row.map((text, i) => ({
          text,
          style: styles.value,
          width,
          align: align(i),
        })),
        { onNewPage: header },
      );
    }
  };
  table(input.entries, input.entries.empty);
  table(input.balances);
  writer.gap(10);
  writer.paragraph(input.note, styles.note);
  writer.finish(input.number.value, input.pageLabel);

  doc.setTitle(`${input.title} · ${input.name}`, { showInWindowTitleBar: true });
  doc.setAuthor(input.author);
  doc.setSubject(`${input.number.label} ${input.number.value}`);
  doc.setKeywords([input.number.value]);
  doc.setCreator(input.producer);
  doc.setProducer(input.producer);
  doc.setLanguage(input.locale);
  doc.setCreationDate(input.issuedAt);
  doc.setModificationDate(input.issuedAt);
  addSignaturePlaceholder(doc, input.seal.fields);
  return doc.save();
}
