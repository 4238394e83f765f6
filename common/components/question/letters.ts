/** The letter of the i-th option (A, B, …), as papers print them. */
export const optionLetter = (index: number): string => String.fromCharCode(65 + index);
