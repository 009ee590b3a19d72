import {
  type GatewaySummary,
  gatewayAddress,
  gatewayName,
  gatewayRegistryMessages,
  gatewayTag,
  gatewayTags,
  MANUFACTURED_MIN_DAY,
  manufacturedDate,
  manufacturedDayToMs,
  msToManufacturedDay,
  type RegisterGatewayBody,
  typedMac,
  type UpdateGatewayBody,
} from '@portal/contract';
import { z } from 'zod';

/**
 * The register / edit form of spec 001 section 5, with the contract's rules (the server checks the same):
 * name required, at most 40; street, city, state at most 40; zip at most 20; manufactured date from 2022-01-01
 * to today; tags of letters, digits and _-;#@ without duplicates.
 */
const m = gatewayRegistryMessages;

/** Today as the date input shows it (the user's own calendar day). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** 'YYYY-MM-DD' from the date input: required, not before 2022-01-01, not after the user's today. */
const manufacturedDay = z
  .string()
  .min(1, m.manufacturedRequired)
  .refine((day) => day === '' || day >= MANUFACTURED_MIN_DAY, m.manufacturedTooEarly)
  .refine((day) => day <= localToday(), m.manufacturedInFuture)
  .transform(manufacturedDayToMs)
  .pipe(manufacturedDate);

const address = gatewayAddress.shape;

export const gatewayFormSchema = z.object({
  NAME: gatewayName,
  SRT: address.SRT.unwrap(),
  CTY: address.CTY.unwrap(),
  STATE: address.STATE.unwrap(),
  CNTRY: address.CNTRY.unwrap(),
  ZCODE: address.ZCODE.unwrap(),
  manufactured: manufacturedDay,
  tags: gatewayTags,
});
export type GatewayFormValues = z.input<typeof gatewayFormSchema>;
export type GatewayFormOutput = z.output<typeof gatewayFormSchema>;

/** Registration of a gateway not listed yet also asks for its MAC. */
export const registerFormSchema = gatewayFormSchema.extend({ MAC: typedMac });
export type RegisterFormValues = z.input<typeof registerFormSchema>;
export type RegisterFormOutput = z.output<typeof registerFormSchema>;

export const ADDRESS_FIELDS = ['SRT', 'CTY', 'STATE', 'CNTRY', 'ZCODE'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The form as the gateway stands: its name, the address entered at registration, date and tags. */
export function gatewayFormValues(
  gateway: Pick<GatewaySummary, 'name' | 'LCTN' | 'CRTD' | 'tags'>,
): GatewayFormValues {
  const location = gateway.LCTN ?? {};
  return {
    NAME: gateway.name,
    SRT: text(location.SRT),
    CTY: text(location.CTY),
    STATE: text(location.STATE),
    CNTRY: text(location.CNTRY),
    ZCODE: text(location.ZCODE),
    manufactured: gateway.CRTD === null ? '' : msToManufacturedDay(gateway.CRTD),
    tags: [...gateway.tags],
  };
}

export function emptyRegisterValues(): RegisterFormValues {
  return {
    MAC: '',
    NAME: '',
    SRT: '',
    CTY: '',
    STATE: '',
    CNTRY: '',
    ZCODE: '',
    manufactured: '',
    tags: [],
  };
}

/** Whether anything differs from what was loaded: Save of a registered gateway needs a change. */
export function hasChanges(values: GatewayFormValues, loaded: GatewayFormValues): boolean {
  const fields = ['NAME', 'manufactured', ...ADDRESS_FIELDS] as const;
  return (
    fields.some((field) => values[field].trim() !== loaded[field].trim()) ||
    values.tags.length !== loaded.tags.length ||
    values.tags.some((tag, i) => tag !== loaded.tags[i])
  );
}

function location(values: GatewayFormOutput) {
  return { SRT: values.SRT, CTY: values.CTY, STATE: values.STATE, CNTRY: values.CNTRY, ZCODE: values.ZCODE };
}

export function updateBody(values: GatewayFormOutput): UpdateGatewayBody {
  return { NAME: values.NAME, CRTD: values.manufactured, tags: values.tags, LCTN: location(values) };
}

/** Registration ends with REG 1; a gateway not seen before starts with its hotspot off. */
export function registerBody(
  values: GatewayFormOutput & { MAC: string },
  scopeId: string,
  hotspot: number | null = null,
): RegisterGatewayBody {
  return {
    MAC: values.MAC,
    NAME: values.NAME,
    SID: scopeId,
    CRTD: values.manufactured,
    tags: values.tags,
    LCTN: location(values),
    REG: 1,
    HS: hotspot === 1 ? 1 : 0,
  };
}

/**
 * A tag typed and confirmed with return: the problem to show, or null when it may be added. Surrounding
 * spaces are dropped first.
 */
export function tagProblem(tag: string, tags: readonly string[]): string | null {
  const parsed = gatewayTag.safeParse(tag.trim());
  if (!parsed.success) return parsed.error.issues[0]?.message ?? m.tagInvalid;
  if (tags.includes(parsed.data)) return m.tagDuplicate;
  return null;
}
