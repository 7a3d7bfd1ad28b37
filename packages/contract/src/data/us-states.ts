// US states and territories: the choices of an account's `territory`, which applies only to the US
// (spec 001 §9 "Country and embargo data", spec 000 §3 "Country" and §5).

/** Whether a subdivision is a state or a territory. */
export type UsSubdivisionType = 'state' | 'territory';

/** One US subdivision, with its ISO 3166-2 style code 'US-xx'. */
export interface UsSubdivision {
  readonly code: `US-${string}`;
  readonly name: string;
  readonly type: UsSubdivisionType;
}

/** The territories named by the spec: AS, FM, GU, MH, MP, PW, PR, VI (spec 001 §9). */
export const US_TERRITORY_CODES = ['US-AS', 'US-FM', 'US-GU', 'US-MH', 'US-MP', 'US-PR', 'US-PW', 'US-VI'] as const;

/**
 * The 50 states, the District of Columbia and the 8 territories of the spec, sorted by name (the order of the
 * picker). DC is a federal district, not a state: it is typed 'state' because it is treated like one here.
 * The Federated States of Micronesia, the Marshall Islands and Palau are freely associated states; the spec lists
 * them as territories, so they are typed 'territory'. The military postal "states" AA, AE and AP and the
 * Minor Outlying Islands (UM) are not included.
 */
export const US_SUBDIVISIONS = [
  { code: 'US-AL', name: 'Alabama', type: 'state' },
  { code: 'US-AK', name: 'Alaska', type: 'state' },
  { code: 'US-AS', name: 'American Samoa', type: 'territory' },
  { code: 'US-AZ', name: 'Arizona', type: 'state' },
  { code: 'US-AR', name: 'Arkansas', type: 'state' },
  { code: 'US-CA', name: 'California', type: 'state' },
  { code: 'US-CO', name: 'Colorado', type: 'state' },
  { code: 'US-CT', name: 'Connecticut', type: 'state' },
  { code: 'US-DE', name: 'Delaware', type: 'state' },
  { code: 'US-DC', name: 'District of Columbia', type: 'state' },
  { code: 'US-FM', name: 'Federated States of Micronesia', type: 'territory' },
  { code: 'US-FL', name: 'Florida', type: 'state' },
  { code: 'US-GA', name: 'Georgia', type: 'state' },
  { code: 'US-GU', name: 'Guam', type: 'territory' },
  { code: 'US-HI', name: 'Hawaii', type: 'state' },
  { code: 'US-ID', name: 'Idaho', type: 'state' },
  { code: 'US-IL', name: 'Illinois', type: 'state' },
  { code: 'US-IN', name: 'Indiana', type: 'state' },
  { code: 'US-IA', name: 'Iowa', type: 'state' },
  { code: 'US-KS', name: 'Kansas', type: 'state' },
  { code: 'US-KY', name: 'Kentucky', type: 'state' },
  { code: 'US-LA', name: 'Louisiana', type: 'state' },
  { code: 'US-ME', name: 'Maine', type: 'state' },
  { code: 'US-MH', name: 'Marshall Islands', type: 'territory' },
  { code: 'US-MD', name: 'Maryland', type: 'state' },
  { code: 'US-MA', name: 'Massachusetts', type: 'state' },
  { code: 'US-MI', name: 'Michigan', type: 'state' },
  { code: 'US-MN', name: 'Minnesota', type: 'state' },
  { code: 'US-MS', name: 'Mississippi', type: 'state' },
  { code: 'US-MO', name: 'Missouri', type: 'state' },
  { code: 'US-MT', name: 'Montana', type: 'state' },
  { code: 'US-NE', name: 'Nebraska', type: 'state' },
  { code: 'US-NV', name: 'Nevada', type: 'state' },
  { code: 'US-NH', name: 'New Hampshire', type: 'state' },
  { code: 'US-NJ', name: 'New Jersey', type: 'state' },
  { code: 'US-NM', name: 'New Mexico', type: 'state' },
  { code: 'US-NY', name: 'New York', type: 'state' },
  { code: 'US-NC', name: 'North Carolina', type: 'state' },
  { code: 'US-ND', name: 'North Dakota', type: 'state' },
  { code: 'US-MP', name: 'Northern Mariana Islands', type: 'territory' },
  { code: 'US-OH', name: 'Ohio', type: 'state' },
  { code: 'US-OK', name: 'Oklahoma', type: 'state' },
  { code: 'US-OR', name: 'Oregon', type: 'state' },
  { code: 'US-PW', name: 'Palau', type: 'territory' },
  { code: 'US-PA', name: 'Pennsylvania', type: 'state' },
  { code: 'US-PR', name: 'Puerto Rico', type: 'territory' },
  { code: 'US-RI', name: 'Rhode Island', type: 'state' },
  { code: 'US-SC', name: 'South Carolina', type: 'state' },
  { code: 'US-SD', name: 'South Dakota', type: 'state' },
  { code: 'US-TN', name: 'Tennessee', type: 'state' },
  { code: 'US-TX', name: 'Texas', type: 'state' },
  { code: 'US-VI', name: 'U.S. Virgin Islands', type: 'territory' },
  { code: 'US-UT', name: 'Utah', type: 'state' },
  { code: 'US-VT', name: 'Vermont', type: 'state' },
  { code: 'US-VA', name: 'Virginia', type: 'state' },
  { code: 'US-WA', name: 'Washington', type: 'state' },
  { code: 'US-WV', name: 'West Virginia', type: 'state' },
  { code: 'US-WI', name: 'Wisconsin', type: 'state' },
  { code: 'US-WY', name: 'Wyoming', type: 'state' },
] as const satisfies readonly UsSubdivision[];

/** A code of one of `US_SUBDIVISIONS`, e.g. 'US-CA'. */
export type UsSubdivisionCode = (typeof US_SUBDIVISIONS)[number]['code'];

const BY_CODE: ReadonlyMap<string, UsSubdivision> = new Map(US_SUBDIVISIONS.map((s) => [s.code, s]));

/** The subdivision with this 'US-xx' code (case-insensitive), or undefined. */
export function findUsSubdivision(code: string): UsSubdivision | undefined {
  if (typeof code !== 'string') return undefined;
  return BY_CODE.get(code.trim().toUpperCase());
}

/** Is this the code (case-insensitive) of a listed state, DC or territory, i.e. a valid account territory? */
export function isUsSubdivisionCode(code: string): boolean {
  return findUsSubdivision(code) !== undefined;
}

/** Is this the code (case-insensitive) of one of the 8 territories (type 'territory'), e.g. 'US-PR'? */
export function isUsTerritoryCode(code: string): boolean {
  return findUsSubdivision(code)?.type === 'territory';
}
