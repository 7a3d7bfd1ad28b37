// The contract's data tables: locales, countries, US subdivisions, platforms and constants.
export * from './constants.ts';
export * from './countries.ts';
export * from './locales.ts';
export * from './password-rules.ts';
export * from './platforms.ts';
export * from './us-states.ts';
export * from './moderation.ts';
