/** Instalments (spec §4) */
export const INSTALMENT_ERRORS = {
  INSTALMENTS_ABOVE_MAX: 'available for orders up to {amount}',
  INSTALMENTS_BELOW_MIN: 'available for orders over {amount}',
  INSTALMENTS_NOT_PHYSICAL: 'Instalments are available for physical products only.',
  INSTALMENTS_UNAVAILABLE: 'Instalments are not available for this store.',
} as const;
