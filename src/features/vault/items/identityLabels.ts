import type { IdentityFields } from './kinds';

// What the form, the pane and the form's messages call an identity's fields, and how the form and
// the pane group them.

export const IDENTITY_FIELD_LABELS: Readonly<Record<keyof IdentityFields, string>> = {
  honorific: 'Title (Mr, Ms, Dr)',
  firstName: 'First name',
  middleName: 'Middle name',
  lastName: 'Last name',
  company: 'Company',
  email: 'Email',
  phone: 'Phone',
  address1: 'Address line 1',
  address2: 'Address line 2',
  address3: 'Address line 3',
  city: 'City',
  region: 'State or region',
  postalCode: 'Postal code',
  country: 'Country',
  passportNumber: 'Passport number',
  licenceNumber: 'Licence number',
  nationalId: 'National ID',
};

export interface IdentityGroup {
  readonly legend: string;
  readonly names: readonly (keyof IdentityFields)[];
}

export const IDENTITY_GROUPS: readonly IdentityGroup[] = [
  { legend: 'Name', names: ['honorific', 'firstName', 'middleName', 'lastName', 'company'] },
  { legend: 'Contact', names: ['email', 'phone'] },
  { legend: 'Address', names: ['address1', 'address2', 'address3', 'city', 'region', 'postalCode', 'country'] },
  { legend: 'Documents', names: ['passportNumber', 'licenceNumber', 'nationalId'] },
];
