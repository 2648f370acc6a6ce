/** How a name is compared: 'Kim' and 'kim' are one account. */
export const nameKeyOf = (name: string): string => name.normalize('NFC').toLowerCase();
