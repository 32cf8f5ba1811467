export * from './enums';
export * from './money';
export * from './pricing';
export * from './password-rules';
export * from './dates';
export * from './countries';
export * from './messages';
export * from './api-types';
