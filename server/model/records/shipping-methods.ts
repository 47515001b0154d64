export interface ShippingMethodRecord {
  id: string;
  title: string;
  description: string;
}
