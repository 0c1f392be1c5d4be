export { type ChoiceOption, useShownProblem } from "./bound-fields";
export { focusFirstInvalid } from "./focus-first-invalid";
export {
  type FieldProblem,
  formPath,
  problemText,
  type ServerProblem,
  serverProblemsOf,
} from "./form-problems";
export { type DomainFormOptions, useDomainForm } from "./use-domain-form";
