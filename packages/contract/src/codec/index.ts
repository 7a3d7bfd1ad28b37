export * from './values.ts';
export * from './codec.ts';
export { parseDatetime, formatDatetime } from './datetime.ts';
