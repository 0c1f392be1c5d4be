/** Longest phone input read (spaces, dashes and a +country prefix included). */
export const maxPhoneInputLength = 32;
