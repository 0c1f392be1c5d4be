import { createFormHook } from "@tanstack/react-form";
import {
  Checkbox,
  DateField,
  MoneyField,
  Problem,
  SegmentedControl,
  Select,
  TextArea,
  TextField,
} from "./bound-fields";
import { fieldContext, formContext } from "./form-context";

/**
 * TanStack Form with the kit's fields bound (`field.TextField`, `field.MoneyField`, …): every
 * form of the app is made with `useDomainForm` (src/forms/use-domain-form.ts), which uses this.
 */
export const { useAppForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: {
    TextField,
    TextArea,
    MoneyField,
    DateField,
    Select,
    SegmentedControl,
    Checkbox,
    Problem,
  },
  formComponents: {},
});
