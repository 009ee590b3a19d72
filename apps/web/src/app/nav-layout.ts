/**
 * How the side navigation sits at a width (spec 000 section 9 breakpoints; docs/ui.md 'Layout'):
 * phones (below 600 px) open it as a drawer over the screen; tablets and small laptops (600-1199 px) show
 * the 80 px icon rail; wider screens the 240 px list. The toggle flips rail and list; a choice holds until
 * the width crosses into another band.
 */
export type NavBand = 'phone' | 'narrow' | 'wide';

export const PHONE_BELOW_PX = 600;
export const WIDE_FROM_PX = 1200;

export function navBandFor(width: number): NavBand {
  if (width < PHONE_BELOW_PX) return 'phone';
  return width < WIDE_FROM_PX ? 'narrow' : 'wide';
}

/** Whether the permanent navigation is the 80 px rail: the band's default unless the user chose in this band. */
export function navCollapsed(band: NavBand, choice: { band: NavBand; collapsed: boolean } | null): boolean {
  return choice?.band === band ? choice.collapsed : band !== 'wide';
}
