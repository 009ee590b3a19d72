/** True when the e-mail's domain is one of the vendor staff domains (case ignored; empty list: nobody). */
export function isVendorStaff(email: string, staffDomains: readonly string[]): boolean {
  const at = email.lastIndexOf('@');
  if (at < 0) return false;
  const domain = email.slice(at + 1).toLowerCase();
  return staffDomains.some((staff) => domain === staff.toLowerCase());
}
