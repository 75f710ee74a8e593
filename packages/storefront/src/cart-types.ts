/** The cart entity as the API returns it (spec §3), with the display fields the server adds. */
export interface CartEntryView {
  id: string;
  itemId: string;
  chosenVariant: { sku: string; attributes: Record<string, string> };
  quantity: number;
  title: string;
  subTotal: number;
  purchasePriceCents: number;
  additionalFields: string | null;
  productType: number;
  imageUrl?: string | null;
  fullUrl?: string;
  unlimited?: boolean;
  qtyInStock?: number;
}

export interface CartView {
  id: string;
  entries: CartEntryView[];
  totalQuantity: number;
  subtotalCents: number;
  taxCents: number;
  shippingCostCents: number;
  discountCents: number;
  grandTotalCents: number;
  shippingOptions?: { id: string; name: string; costCents: number }[];
  selectedShippingOption?: { id: string; name: string; costCents: number } | null;
  requiresShipping?: boolean;
  currency?: string;
  [key: string]: unknown;
}
