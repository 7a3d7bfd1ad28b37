export * from './catalogue.ts';
export * from './wire-error.ts';
export * from './messages.ts';
export * from './english.ts';
