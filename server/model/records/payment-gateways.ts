/** An installed payment gateway (a row of `payment_gateways`). */
export interface PaymentGatewayRecord {
  id: string;
  title: string;
  description: string;
  provider: string;
  pos_type: string;
  position: number;
}
