/**
 * The till's state and its session and catalogue actions. Every request goes through the CONTRACT 5
 * client; every amount shown is a string the server answered.
 */
import type { ApiUser } from '../shared/api.js';
import type { SavedProfile } from '../shared/bridge.js';
import { ApiClient, ApiRequestError, SessionEndedError, type SessionEnd } from './api-client.js';
import { errorDetail, noteOf, type StatusNote } from './messages.js';
import { ApprovalCancelled, Approvals, type ApprovalAsk } from './approvals.js';
import { createStore, type Store } from './store.js';
import type { LoginKind, TokenVault } from './token-vault.js';
import type { Order } from '../shared/resources/orders.js';
import type { CheckoutState, PaymentGateway } from '../shared/resources/payments.js';
import type { Variation } from '../shared/resources/products.js';
import type { ClosureReport, ReadableReport, Register } from '../shared/resources/registers.js';
import type { StoreResource } from '../shared/resources/stores.js';
import * as ordersApi from './api/orders.js';
import * as productsApi from './api/products.js';
import type { Category, ProductTile } from './api/products.js';
import * as registersApi from './api/registers.js';
import * as settingsApi from './api/settings.js';
import * as storesApi from './api/stores.js';
import * as paymentsApi from './api/payments.js';
import * as favouritesApi from './api/favourites.js';
import { loadWaitingExchange } from './exchange.js';
import type { Weighing } from './weighing.js';

export type Screen = 'sell' | 'history' | 'drawer' | 'settings';

/** The drawer screen: the register sales go to, its open session's X report, and the last Z report. */
/** The credit of a return, waiting for the sale of the new goods. */
export interface PendingExchange {
  returnOrderId: number;
  credit: string;
}

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
}

export interface TillState {
  user: ApiUser | null;
  screen: Screen;
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
  parked: Order[] | null;
  history: Order[] | null;
  historyOrder: Order | null;
  settings: Record<string, unknown> | null;
  drawer: DrawerState | null;
  approval: ApprovalAsk | null;
  /** An exchange's credit waiting for the sale of the new goods (renderer/exchange.ts). */
  exchange: PendingExchange | null;
}

export const PRODUCTS_PER_PAGE = 24;
/** Orders on one page of the orders screen; a full page means there may be another. */
export const HISTORY_PAGE_SIZE = 25;

function initialState(): TillState {
  return {
    user: null,
    screen: 'sell',
    locked: false,
    loginUsername: '',
    signedInWith: 'password',
    profiles: [],
    status: null,
    unreachable: false,
    store: null,
    gateways: [],
    rules: { decimalQuantities: false, preventOverselling: false },
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
    parked: null,
    history: null,
    historyOrder: null,
    settings: null,
    drawer: null,
    approval: null,
    exchange: null,
  };
}

/** What a fresh user starts with: nothing of the previous user's screens, cart or results. */
const KEPT_ACROSS_USERS = new Set<keyof TillState>(['user', 'loginUsername', 'profiles', 'status', 'unreachable']);

function freshTill(): Partial<TillState> {
  return Object.fromEntries(Object.entries(initialState()).filter(([key]) => !KEPT_ACROSS_USERS.has(key as keyof TillState)));
}

export class Till {
  readonly state: Store<TillState> = createStore(initialState());
  readonly client: ApiClient;
  readonly approvals: Approvals = new Approvals(this);
  /** Bumped by every new product query, so that a late answer for an old one is dropped. */
  private productQuery = 0;

  constructor(
    readonly vault: TokenVault,
    baseUrl: string,
    fetchFn: (input: string, init: RequestInit) => Promise<Response>,
  ) {
    this.client = new ApiClient({
      baseUrl,
      fetch: fetchFn,
      tokens: vault,
      onSessionEnded: (end) => {
        this.sessionEnded(end);
      },
      onReachability: (reachable) => {
        if (this.state.get().unreachable !== !reachable) this.state.set({ unreachable: !reachable });
      },
    });
  }

  /** Shows a failure; a session that ended has already brought back the login screen with its own note. */
  fail(error: unknown): void {
    if (error instanceof SessionEndedError) return;
    if (error instanceof ApprovalCancelled) {
      this.state.set({ status: { kind: 'info', message: 'Not done: no manager approved it.' }, busy: false });
      return;
    }
    this.state.set({ status: noteOf(error), busy: false });
  }

  info(message: string): void {
    this.state.set({ status: { kind: 'info', message } });
  }

  clearStatus(): void {
    if (this.state.get().status !== null) this.state.set({ status: null });
  }

  async start(recoveredFrom: string | null): Promise<void> {
    const active = this.vault.activeProfileId();
    if (active !== null) {
      try {
        this.enter(await this.client.resume(active));
      } catch (error) {
        if (!(error instanceof SessionEndedError)) {
          this.vault.deactivate();
          await this.showLogin();
          this.fail(error);
        }
      }
    } else {
      await this.showLogin();
    }
    if (recoveredFrom !== null) {
      this.state.set({
        status: {
          kind: 'error',
          message: 'The till window stopped unexpectedly and was reloaded.',
          explanation: 'Sales already made are saved; check the cart before carrying on.',
          detail: `reason: ${recoveredFrom}`,
        },
      });
    }
  }

  async showLogin(options: { status?: StatusNote | null; username?: string } = {}): Promise<void> {
    this.state.set({ ...freshTill(), user: null, status: options.status ?? null, loginUsername: options.username ?? '' });
    try {
      this.state.set({ profiles: await this.vault.profiles() });
    } catch (error) {
      this.fail(error);
    }
  }

  private sessionEnded(end: SessionEnd): void {
    const whose = end.profile === null ? 'The session' : `The session of ${end.profile.display_name || end.profile.username}`;
    const status: StatusNote = {
      kind: 'error',
      message: `${whose} has ended - please log in again.`,
      explanation: 'Your session has ended (logged out elsewhere, expired or revoked). Log in again to carry on.',
      detail: errorDetail(end.code, end.reason),
    };
    void this.showLogin(end.profile === null ? { status } : { status, username: end.profile.username });
  }

  /** After a login: the selling screen, fresh, for this user. */
  enter(user: ApiUser, signedInWith: LoginKind = 'password'): void {
    this.state.set({ ...freshTill(), user, signedInWith, status: null });
    void this.loadSellScreen();
  }

  /** A login by password, or by PIN when switching to a user at the till. */
  async login(username: string, secret: string, kind: LoginKind = 'password'): Promise<void> {
    const user = await this.client.login(username, secret, kind);
    this.enter(user, kind);
  }

  /** The idle lock's PIN or password: a new login of the same user, so the server checks it. */
  async unlock(secret: string, kind: LoginKind = 'password'): Promise<void> {
    const current = this.state.get().user;
    if (current === null) return;
    const user = await this.client.login(current.username, secret, kind);
    if (user.uuid !== current.uuid) throw new Error('unlocked as another user');
    this.state.set({ locked: false, user, status: null });
  }

  lock(): void {
    if (this.state.get().user !== null) this.state.set({ locked: true });
  }

  /** Back to the login screen to log in as someone else; the other user's PIN or password is asked for. */
  async switchUser(): Promise<void> {
    this.vault.deactivate();
    await this.showLogin();
  }

  async logout(): Promise<void> {
    try {
      await this.client.logout();
      await this.showLogin({ status: { kind: 'info', message: 'You have logged out.' } });
    } catch (error) {
      this.fail(error);
    }
  }

  go(screen: Screen): void {
    this.state.set({ screen, status: null, historyOrder: null });
    if (screen === 'history') void this.loadHistory();
    if (screen === 'drawer') void this.loadDrawer();
    if (screen === 'settings') void this.loadSettings();
    if (screen === 'sell') void this.loadSellScreen();
  }

  /** The store (for the price format), tenders, categories and the first products, all at once. */
  async loadSellScreen(): Promise<void> {
    try {
      const [stores, gateways, categories, settings] = await Promise.all([
        storesApi.list(this.client),
        paymentsApi.gateways(this.client),
        productsApi.categories(this.client),
        settingsApi.all(this.client),
        this.loadProducts(false),
      ]);
      const store = stores[0] ?? null;
      this.state.set({
        store,
        gateways: gateways.filter((gateway) => gateway.enabled).sort((a, b) => a.order - b.order),
        categories,
        rules: {
          decimalQuantities: settings.general?.decimal_qty === true,
          preventOverselling: store?.prevent_overselling === true || settings.checkout?.prevent_overselling === true,
        },
      });
      void loadWaitingExchange(this);
      await this.loadFavourites();
    } catch (error) {
      this.fail(error);
    }
  }

  /** The first page of the current query, or (with `more`) the next one. A failure clears the old results. */
  async loadProducts(more: boolean): Promise<void> {
    const { search, category, productsPage, products } = this.state.get();
    const query = ++this.productQuery;
    const page = more ? productsPage + 1 : 1;
    this.state.set(more ? { loadingProducts: true } : { loadingProducts: true, products: [], productsPage: 0, hasMoreProducts: false });
    try {
      const term = search.trim();
      // A search looks through the whole catalogue: a cashier searches for what is not in sight.
      const found = await productsApi.tiles(this.client, {
        search: term === '' ? undefined : term,
        category: term === '' ? (category ?? undefined) : undefined,
        per_page: PRODUCTS_PER_PAGE,
        page,
        orderby: term === '' ? 'title' : undefined,
        order: term === '' ? 'asc' : undefined,
      });
      if (query !== this.productQuery) return;
      this.state.set({
        products: more ? [...products, ...found] : found,
        productsPage: page,
        hasMoreProducts: found.length === PRODUCTS_PER_PAGE,
        loadingProducts: false,
      });
    } catch (error) {
      if (query !== this.productQuery) return;
      // A failed query leaves no results of an earlier one under the new term.
      this.state.set({ products: [], productsPage: 0, hasMoreProducts: false, loadingProducts: false });
      throw error;
    }
  }

  /** The store's favourites; the first page of the product area when any are set and nothing else was chosen. */
  async loadFavourites(): Promise<void> {
    const { store, search, category } = this.state.get();
    const favourites = store === null ? [] : await favouritesApi.tiles(this.client, store.id);
    this.state.set({ favourites, favouritesShown: favourites.length > 0 && search.trim() === '' && category === null });
  }

  showFavourites(): void {
    this.state.set({ favouritesShown: this.state.get().favourites.length > 0, search: '', category: null, status: null });
  }

  /** A search of the whole catalogue: "All" shows as chosen while its results show. */
  search(term: string): void {
    this.state.set(term.trim() === '' ? { search: term, status: null } : { search: term, category: null, status: null, favouritesShown: false });
    this.loadProducts(false).catch((error: unknown) => {
      this.fail(error);
    });
  }

  /** A category's products; "All" (null) keeps a search, since a search already looks through everything. */
  chooseCategory(category: number | null): void {
    this.state.set(category === null ? { category, status: null, favouritesShown: false } : { category, search: '', status: null, favouritesShown: false });
    this.loadProducts(false).catch((error: unknown) => {
      this.fail(error);
    });
  }

  /** A scanned code: the product whose barcode (or SKU) it is, as the server matches it. */
  lookUpBarcode(code: string): Promise<ProductTile | null> {
    return productsApi.byBarcode(this.client, code);
  }

  variationsOf(product: ProductTile): Promise<Variation[]> {
    return productsApi.variations(this.client, product.id);
  }

  /** The orders screen's list: the newest sales, or those a search on the screen asked for (renderer/ui/OrderSearch.tsx). */
  async loadHistory(search: ordersApi.OrderListQuery = {}): Promise<void> {
    this.state.set({ history: null });
    try {
      this.state.set({
        history: await ordersApi.list(this.client, {
          per_page: HISTORY_PAGE_SIZE,
          status: 'completed,processing,refunded',
          orderby: 'date',
          order: 'desc',
          ...search,
        }),
      });
    } catch (error) {
      this.state.set({ history: [] });
      this.fail(error);
    }
  }

  /** The register an order is sold on (the till's store's first, as the server picks it) and its open session. */
  async loadDrawer(): Promise<void> {
    try {
      const [register] = await registersApi.list(this.client, { per_page: 1, store_id: this.state.get().store?.id });
      const report = register?.session == null ? null : await registersApi.session(this.client, register.id);
      this.state.set((state) => ({ drawer: { register: register ?? null, report, closure: state.drawer?.closure ?? null } }));
    } catch (error) {
      this.state.set({ drawer: { register: null, report: null, closure: null } });
      this.fail(error);
    }
  }

  async loadSettings(): Promise<void> {
    this.state.set({ settings: null });
    try {
      this.state.set({ settings: await settingsApi.group(this.client, 'general') });
    } catch (error) {
      this.fail(error);
    }
  }

  /** The banner's retry: the screen's data again (which also tells whether the server is back). */
  retry(): void {
    this.clearStatus();
    this.go(this.state.get().screen);
  }

  isUnreachable(error: unknown): boolean {
    return error instanceof ApiRequestError && error.status === 0;
  }
}
