/** The length counter of a counted field: 'n/max'. */
export const lengthCounter = (value: string, max: number) => `${value.length}/${max}`;
