import type { FormFieldType } from '@store/commerce';

/** A field as the server sends it (packages/server/src/services/forms/form-definition.ts). */
export interface FormFieldDef {
  id: string;
  type: FormFieldType;
  title: string;
  description?: string;
  placeholder?: string;
  required?: boolean;
  maxLength?: number;
  currencySymbol?: string;
  showCountryCode?: boolean;
  underline?: boolean;
  options?: string[];
  /** The choices as the page's language shows them (what is sent stays `options`). */
  optionLabels?: string[];
  key?: string;
  value?: string;
}

/** Props of the 'form' island (see README.md beside this file). */
export interface FormProps {
  id: string;
  name: string;
  fields: FormFieldDef[];
  parsedSubmissionMessage?: string;
  submissionHTML?: string;
  successRedirect?: string;
  parsedDisclaimerMessage?: string;
  captchaEnabled?: boolean;
  captchaTheme?: number;
  captchaAlignment?: number;
  /** Label of the submit button (default "Submit"). */
  submitButtonText?: string;
}

export type FieldValue = string | string[] | Record<string, string>;
export type Values = Record<string, FieldValue>;

export const PART_LABELS: Partial<Record<FormFieldDef['type'], string[]>> = {
  name: ['First Name', 'Last Name'],
  address: ['Address Line 1', 'Address Line 2', 'City', 'State', 'Zip Code', 'Country'],
  date: ['MM', 'DD', 'YYYY'],
  time: ['Hour', 'Minute', 'Second', 'AM/PM'],
  phone: ['Country', '###', '###', '####'],
};

export const LIKERT_LABELS = ['Strongly Disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly Agree'];
