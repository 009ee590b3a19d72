/** Spec 000 section 2: the wide table applies above 1200 px; below 600 px the list becomes cards. */
export const WIDE_LAYOUT_ABOVE_PX = 1200;
export const CARD_LAYOUT_BELOW_PX = 600;

/**
 * 'wide': every column; 'name': the Name column only (with a menu per row for edit/delete); 'cards': one card
 * per customer, each with its menu.
 */
export type CustomersLayout = 'wide' | 'name' | 'cards';

export function customersLayoutFor(viewportWidth: number): CustomersLayout {
  if (viewportWidth > WIDE_LAYOUT_ABOVE_PX) return 'wide';
  if (viewportWidth < CARD_LAYOUT_BELOW_PX) return 'cards';
  return 'name';
}
