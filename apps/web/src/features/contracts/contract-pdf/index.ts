export { ContractPdfDownload } from "./contract-pdf-download";
