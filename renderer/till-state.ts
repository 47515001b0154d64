/**
 * What the till holds: the state every screen reads (`useTillState`), what it starts with, and what
 * a new user starts with. The actions that change it are the Till's (till.ts) and its helpers'.
 */
import type { ApiUser } from '../shared/api.js';
import type { SavedProfile } from '../shared/bridge.js';
import type { StatusNote } from './messages.js';
import type { ApprovalAsk } from './approvals.js';
import type { LoginKind } from './token-vault.js';
import type { Order } from '../shared/resources/orders.js';
import type { CheckoutState, PaymentGateway } from '../shared/resources/payments.js';
import type { Variation } from '../shared/resources/products.js';
import type { ClosureReport, ReadableReport, Register } from '../shared/resources/registers.js';
import type { StoreResource } from '../shared/resources/stores.js';
import type { Category, ProductTile } from './api/products.js';
import type { Weighing } from './weighing.js';

export type Screen = 'sell' | 'history' | 'drawer' | 'settings';

/** The credit of a return, waiting for the sale of the new goods. */
export interface PendingExchange {
  returnOrderId: number;
  credit: string;
}

/** The drawer screen: the register sales go to, its open session's X report, and the last Z report. */
export interface DrawerState {
  register: Register | null;
  report: ReadableReport | null;
  closure: { report: ClosureReport; html: string } | null;
}

/** The shop's settings that change how the till sells, read with the sell screen. */
export interface SellingRules {
  /** `settings/general` decimal_qty: quantities such as 1.5 (sold by weight). */
  decimalQuantities: boolean;
  /** The store's or `settings/checkout`'s prevent_overselling: a counted item is not sold beyond its stock. */
  preventOverselling: boolean;
  /** `settings/general` sell_private_products: a product WooCommerce has as private is sold (shared/for-sale.ts). */
  sellPrivate: boolean;
  /** `settings/general` ask_float_at_first_login: the day's first login opens the register before selling (renderer/opening-of-day.ts). */
  askFloatAtFirstLogin: boolean;
}

/** A payment refused because the register was closed: taken again, as typed, once the register is open. */
export interface WaitingPayment {
  gatewayId: string;
  paymentData: Record<string, string>;
}

export interface TillState {
  user: ApiUser | null;
  screen: Screen;
  /** The opening of the day shows before the Sell screen: the day's first login found the register closed. */
  openingOfDay: boolean;
  /** The idle lock is showing: the user stays logged in, but must give their password to go on. */
  locked: boolean;
  loginUsername: string;
  /** How the user logged in (password after a reload): what the idle lock asks for first. */
  signedInWith: LoginKind;
  profiles: SavedProfile[];
  status: StatusNote | null;
  /** The last request could not reach the server. */
  unreachable: boolean;
  store: StoreResource | null;
  gateways: PaymentGateway[];
  rules: SellingRules;
  categories: Category[];
  /** The category shown; a search looks through the whole catalogue whatever it is. */
  category: number | null;
  search: string;
  products: ProductTile[];
  productsPage: number;
  hasMoreProducts: boolean;
  loadingProducts: boolean;
  /** The store's favourites as tiles (a manager's choice and order), the first page when any are set. */
  favourites: ProductTile[];
  /** The favourites page is showing instead of a category or a search. */
  favouritesShown: boolean;
  /** The cart: the server's order being rung up, or null before the first item. */
  order: Order | null;
  /** The name of an item on its way into the cart, until the server answers (the customer display shows it at once). */
  adding: string | null;
  busy: boolean;
  variationPicker: { product: ProductTile; variations: Variation[] } | null;
  /** A product or variation sold by weight waiting for the cashier to type its weight (renderer/weighing.ts). */
  weighing: Weighing | null;
  paying: boolean;
  checkout: CheckoutState | null;
  receipt: { orderId: number; html: string } | null;
  waitingPayment: WaitingPayment | null;
  parked: Order[] | null;
  history: Order[] | null;
  historyOrder: Order | null;
  /** The units of each item of `historyOrder` already refunded, by order item id (renderer/refunds-left.ts). */
  historyRefunded: Record<number, number>;
  drawer: DrawerState | null;
  approval: ApprovalAsk | null;
  /** An exchange's credit waiting for the sale of the new goods (renderer/exchange.ts). */
  exchange: PendingExchange | null;
}

export const PRODUCTS_PER_PAGE = 24;
/** Orders on one page of the orders screen; a full page means there may be another. */
export const HISTORY_PAGE_SIZE = 25;

export function initialState(): TillState {
  return {
    user: null,
    screen: 'sell',
    openingOfDay: false,
    locked: false,
    loginUsername: '',
    signedInWith: 'password',
    profiles: [],
    status: null,
    unreachable: false,
    store: null,
    gateways: [],
    rules: { decimalQuantities: false, preventOverselling: false, sellPrivate: false, askFloatAtFirstLogin: false },
    categories: [],
    category: null,
    search: '',
    products: [],
    productsPage: 0,
    hasMoreProducts: false,
    loadingProducts: false,
    favourites: [],
    favouritesShown: false,
    order: null,
    adding: null,
    busy: false,
    variationPicker: null,
    weighing: null,
    paying: false,
    checkout: null,
    receipt: null,
    waitingPayment: null,
    parked: null,
    history: null,
    historyOrder: null,
    historyRefunded: {},
    drawer: null,
    approval: null,
    exchange: null,
  };
}

/** What a fresh user starts with: nothing of the previous user's screens, cart or results. */
const KEPT_ACROSS_USERS = new Set<keyof TillState>(['user', 'loginUsername', 'profiles', 'status', 'unreachable']);

export function freshTill(): Partial<TillState> {
  return Object.fromEntries(Object.entries(initialState()).filter(([key]) => !KEPT_ACROSS_USERS.has(key as keyof TillState)));
}
