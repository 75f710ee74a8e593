export { FORM_MESSAGES } from './messages';
export { FORM_FIELD_TYPES, type FormFieldType } from './field-types';
