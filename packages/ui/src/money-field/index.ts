export { formatMoneyDigits, type ParsedMoney, parseMoneyDigits } from "./money-digits";
export { MoneyField, type MoneyFieldLabels, type MoneyFieldProps } from "./money-field";
