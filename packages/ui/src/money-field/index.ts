export { formatMoneyDigits, type ParsedMoney, parseMoneyDigits } from "./money-digits";
export { MoneyField, type MoneyFieldProps } from "./money-field";
